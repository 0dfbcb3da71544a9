// The forum's categories (issue 41, docs/decisions/066): the CMS form's rules and messages
// (docs/product.md §5.8), and the colour rule both the server and the form check.

import { CHOOSE_A_CATEGORY, categorySlugField, optionalText, requiredText } from "./schemas";
import { z } from "./zod";

export const CATEGORY_LIMITS = { name: 50, slug: 50, description: 300, position: 10_000 } as const;

/** The address part of /discussion/c/{slug}. */
export const CATEGORY_SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

export { CATEGORY_NOT_FOUND, CATEGORY_NOT_FOUND_DESCRIPTION } from "./category-texts";
export const STAFF_ONLY_CATEGORY =
  "Only staff can start discussions in this category. Choose another category.";
export const HELD_IN_STAFF_ONLY_CATEGORY =
  "Only staff can start discussions in this category. Move the discussion to another category before approving it.";
export const LAST_CATEGORY = "The forum needs at least one category. Add another one first.";
export const SAME_CATEGORY = "Choose another category for its discussions";

/**
 * The backgrounds a category's colour is drawn on, light and dark (styles.css: background and
 * card): its dot and border must stand out from each at 3:1 (WCAG 1.4.11, non-text contrast);
 * the name beside it is in the foreground colour, so text contrast never depends on it.
 */
const THEME_BACKGROUNDS = ["#fbf7f0", "#fffdf9", "#1c1714", "#25201b"] as const;
const MIN_CONTRAST = 3;

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((start) => {
    const channel = Number.parseInt(hex.slice(start, start + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The WCAG contrast ratio of two `#rrggbb` colours. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Whether a `#rrggbb` colour stands out from both themes' backgrounds. */
export function readableOnBothThemes(colour: string): boolean {
  return THEME_BACKGROUNDS.every((background) => contrastRatio(colour, background) >= MIN_CONTRAST);
}

export const COLOUR_FORMAT = "Colour must be #rrggbb";
export const COLOUR_CONTRAST =
  "Colour must stand out from both the light and the dark background (at least 3:1). Try a darker or brighter shade.";

const colourSchema = z
  .string({ error: COLOUR_FORMAT })
  .trim()
  .toLowerCase()
  .regex(/^#[0-9a-f]{6}$/, COLOUR_FORMAT)
  .refine(readableOnBothThemes, COLOUR_CONTRAST);

/** POST and PUT /api/cms/categories/{id} (docs/product.md §5.8). */
export const categorySchema = z.object({
  name: requiredText("Name", CATEGORY_LIMITS.name),
  slug: z
    .string({ error: "Slug is required" })
    .trim()
    .min(1, "Slug is required")
    .max(CATEGORY_LIMITS.slug, `Slug is too long (max ${CATEGORY_LIMITS.slug} characters)`)
    .regex(CATEGORY_SLUG_PATTERN, "Slug may hold lower-case letters, digits and single hyphens"),
  description: optionalText(
    CATEGORY_LIMITS.description,
    `Description is too long (max ${CATEGORY_LIMITS.description} characters)`,
  ),
  colour: colourSchema,
  position: z
    .number({ error: "Order must be a whole number" })
    .int("Order must be a whole number")
    .min(0, "Order must be at least 0")
    .max(CATEGORY_LIMITS.position, `Order must be at most ${CATEGORY_LIMITS.position}`),
  staffOnly: z.boolean({ error: "Staff only must be true or false" }).default(false),
});
export type CategoryInput = z.input<typeof categorySchema>;
export type CategoryValues = z.output<typeof categorySchema>;

/** DELETE /api/cms/categories/{id}: where its discussions (and blog posts) go. */
export const deleteCategorySchema = z.object({
  moveTo: z
    .string({ error: CHOOSE_A_CATEGORY })
    .trim()
    .min(1, CHOOSE_A_CATEGORY)
    .max(CATEGORY_LIMITS.slug, CHOOSE_A_CATEGORY),
});

/** PUT /api/discussions/{id}/category: a moderator's move, with its reason for the log. */
export const moveDiscussionSchema = z.object({
  category: categorySlugField,
  reason: optionalText(500, "Reason is too long (max 500 characters)"),
});
