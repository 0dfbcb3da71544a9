// The forum's tags (issue 41, docs/decisions/067): what a tag may be, the one spelling it is
// stored and matched in, and the rules and messages of the forms that name tags. Read by the
// server and the composer alike, so a tag the form accepts is the tag the server stores.
import { z } from "./zod";

export const TAG_LIMITS = { min: 2, max: 30, perDiscussion: 5 } as const;

/** Letters and digits of any script, in runs joined by single hyphens. */
const TAG_PATTERN = /^[\p{L}\p{N}]+(?:-[\p{L}\p{N}]+)*$/u;

export const TAG_NOT_FOUND = "Tag not found";
export const TAG_FORMAT = `A tag is ${TAG_LIMITS.min}-${TAG_LIMITS.max} letters or digits, words joined by single hyphens`;
export const TOO_MANY_TAGS = `Choose at most ${TAG_LIMITS.perDiscussion} tags`;
export const TAG_NAME_TAKEN = "A tag with this name exists already. Merge the two instead.";
export const SAME_TAG = "Choose another tag to merge into";

/**
 * Text in the spelling of tags: Unicode NFKC (so full-width "ｒａｎｔ" is "rant"), lower case,
 * trimmed, spaces and underscores written as hyphens. Also what is typed so far, for
 * suggestions by a tag's start.
 */
export function tagSpelling(input: string): string {
  return input
    .normalize("NFKC")
    .toLowerCase()
    .trim()
    .replace(/[\s_]+/g, "-");
}

/** The one spelling of a tag (tagSpelling); null when what is left is not a tag. */
export function normaliseTag(input: string): string | null {
  const tag = tagSpelling(input);
  const length = [...tag].length;
  if (length < TAG_LIMITS.min || length > TAG_LIMITS.max || !TAG_PATTERN.test(tag)) return null;
  return tag;
}

/** A tag as a form or a query names it, normalised; anything else is the field's error. */
export const tagField = z
  .string({ error: TAG_FORMAT })
  .max(TAG_LIMITS.max * 4, TAG_FORMAT)
  .transform((value, context) => {
    const tag = normaliseTag(value);
    if (tag === null) {
      context.addIssue({ code: "custom", message: TAG_FORMAT });
      return z.NEVER;
    }
    return tag;
  });

/** A discussion's tags: up to five, each normalised once, duplicates dropped, in given order. */
export const discussionTagsField = z
  .array(tagField, { error: TAG_FORMAT })
  .max(TAG_LIMITS.perDiscussion * 4, TOO_MANY_TAGS)
  .transform((tags) => [...new Set(tags)])
  .pipe(z.array(z.string()).max(TAG_LIMITS.perDiscussion, TOO_MANY_TAGS));

/** PUT /api/discussions/{id}/tags: a moderator's retag, with its reason for the log. */
export const retagDiscussionSchema = z.object({
  tags: discussionTagsField,
  reason: z
    .string()
    .trim()
    .max(500, "Reason is too long (max 500 characters)")
    .optional()
    .default(""),
});

/** POST /api/cms/tags and PATCH /api/cms/tags/{id}: a tag's name. */
export const tagNameSchema = z.object({ name: tagField });

/** POST /api/cms/tags/{id}/merge: the tag whose discussions take this one's. */
export const mergeTagSchema = z.object({ into: tagField });
