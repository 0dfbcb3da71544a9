// Validation rules of docs/product.md §5 with their exact messages. The server validates requests with
// these schemas and the client's forms use the same ones, so a rule and its message live once.

import {
  BLOG_STATUSES,
  DATA_REQUEST_TYPES,
  DATE_OF_BIRTH_MIN,
  DELETE_CONFIRMATION_WORD,
  LIMITS,
} from "./constants";
import { ROLES } from "./permissions";
import { EMAIL_PATTERN } from "./plain-checks";
import { fewEnoughImages, TOO_MANY_IMAGES } from "./post-images";
import { discussionTagsField } from "./tags";
import { z } from "./zod";

/** docs/product.md §5: inputs are trimmed and `<` and `>` removed. */
export function cleanText(value: string): string {
  return value.replace(/[<>]/g, "").trim();
}

/** '{field} is required' and '{field} is too long (max N characters)', after cleaning. */
export function requiredText(field: string, max: number) {
  return z
    .string({ error: `${field} is required` })
    .overwrite(cleanText)
    .min(1, `${field} is required`)
    .max(max, `${field} is too long (max ${max} characters)`);
}

/** Optional text: cleaned, may be empty; the server stores empty as null. */
export function optionalText(max: number, message: string) {
  return z.string().overwrite(cleanText).max(max, message).optional().default("");
}

export const emailSchema = z
  .string({ error: "Email is required" })
  .trim()
  .min(1, "Email is required")
  .max(LIMITS.email, "Email is too long")
  .regex(EMAIL_PATTERN, "Please enter a valid email address");

export const passwordSchema = z
  .string({ error: "Password is required" })
  .min(1, "Password is required")
  .max(LIMITS.password, `Password is too long (max ${LIMITS.password} characters)`);

export const signInSchema = z.object({
  email: emailSchema,
  password: passwordSchema,
});
export type SignInInput = z.infer<typeof signInSchema>;

/**
 * Sign-up asks no password: the confirmation page sets the one that counts (decisions 014,
 * 061). A `password` an older page still sends is dropped unread, like any unknown field.
 */
export const signUpSchema = z.object({
  name: requiredText("Full name", LIMITS.name),
  email: emailSchema,
});
export type SignUpInput = z.infer<typeof signUpSchema>;

/** A new password follows sign-up's rules (reset, confirmation page, settings). */
export const newPasswordSchema = passwordSchema.min(
  LIMITS.passwordMin,
  `Password must be at least ${LIMITS.passwordMin} characters`,
);

/** Single-use links carry an opaque token; anything longer than ours is not one of ours. */
const tokenSchema = z
  .string({ error: "This link is invalid or has expired" })
  .trim()
  .min(1, "This link is invalid or has expired")
  .max(200, "This link is invalid or has expired");

/** POST /api/auth/resend-confirmation and /api/auth/request-password-reset. */
export const emailOnlySchema = z.object({ email: emailSchema });
export type EmailOnlyInput = z.infer<typeof emailOnlySchema>;

export const TERMS_REQUIRED = "Accept the Terms of Service to continue";

/** POST /api/account/terms: the member accepts the version they were shown (decision 082). */
export const acceptTermsSchema = z.object({
  version: z.coerce.number({ error: TERMS_REQUIRED }).int(TERMS_REQUIRED).positive(TERMS_REQUIRED),
});

/**
 * POST /api/auth/confirm-email: the confirmation page sets the password that becomes active,
 * and the name, shown there as typed at sign-up: whoever typed it may not own the inbox.
 */
export const confirmEmailSchema = z.object({
  token: tokenSchema,
  name: requiredText("Full name", LIMITS.name),
  password: newPasswordSchema,
  /** The Terms of Service version the page showed; confirming accepts it (decision 082). */
  termsVersion: acceptTermsSchema.shape.version,
});

/** GET /api/auth/confirm-email?token=: what the confirmation page shows before it is used. */
export const confirmationTokenQuerySchema = z.object({ token: tokenSchema });
export type ConfirmEmailInput = z.infer<typeof confirmEmailSchema>;

/** POST /api/auth/reset-password. */
export const resetPasswordSchema = z.object({ token: tokenSchema, newPassword: newPasswordSchema });
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** POST /api/auth/change-password (settings): other sessions end. */
export const changePasswordSchema = z.object({
  currentPassword: passwordSchema,
  newPassword: newPasswordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

/**
 * POST /api/account/delete (docs/product.md §2.14 "Delete my account"): the password, the word
 * DELETE typed out, and whether the member's discussions and replies go too.
 */
export const deleteAccountSchema = z.object({
  password: passwordSchema,
  confirmation: z
    .string({ error: "Type DELETE to confirm" })
    .refine((value) => value.trim() === DELETE_CONFIRMATION_WORD, "Type DELETE to confirm"),
  deleteContent: z.boolean({ error: "Delete content must be true or false" }).default(false),
});
export type DeleteAccountInput = z.input<typeof deleteAccountSchema>;

/** POST /api/account/export/download: the token of the link mailed when an export is ready. */
export const exportTokenSchema = z.object({
  token: z.string({ error: "This download link is invalid or has expired" }).min(1).max(200),
});

/**
 * POST /api/account/email: a link to the new address confirms the change; the current password
 * is asked first, as for deleting the account (docs/decisions/049).
 */
export const changeEmailSchema = z.object({ email: emailSchema, currentPassword: passwordSchema });
export type ChangeEmailInput = z.infer<typeof changeEmailSchema>;

/** POST /api/account/email/confirm. */
export const confirmEmailChangeSchema = z.object({ token: tokenSchema });
export type ConfirmEmailChangeInput = z.infer<typeof confirmEmailChangeSchema>;

/** POST /api/account/email/undo: the link mailed to the old address (JSON, or the page's form). */
export const undoEmailChangeSchema = z.object({ token: tokenSchema });
export type UndoEmailChangeInput = z.infer<typeof undoEmailChangeSchema>;

/** http(s) URLs only: `javascript:` and friends must never reach an href. */
export function isWebUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

export function isLinkedInUrl(value: string): boolean {
  if (!isWebUrl(value)) return false;
  const host = new URL(value).hostname.toLowerCase();
  return host === "linkedin.com" || host.endsWith(".linkedin.com");
}

/** Today as yyyy-mm-dd in the local time zone of whoever runs this. */
export function todayIsoDate(now = new Date()): string {
  const month = String(now.getMonth() + 1).padStart(2, "0");
  const day = String(now.getDate()).padStart(2, "0");
  return `${now.getFullYear()}-${month}-${day}`;
}

/** docs/product.md §5 holds for links too: trimmed, < and > removed (a URL may otherwise carry them). */
const urlOrEmpty = (message: string, check: (value: string) => boolean) =>
  z
    .string()
    .overwrite(cleanText)
    .max(LIMITS.url, `URL is too long (max ${LIMITS.url} characters)`)
    .refine((value) => value === "" || check(value), message)
    .optional()
    .default("");

export const profileSchema = z.object({
  fullName: z
    .string({ error: "Name must be at least 2 characters" })
    .overwrite(cleanText)
    .min(LIMITS.nameMin, "Name must be at least 2 characters")
    .max(LIMITS.name, "Name must be less than 100 characters"),
  bio: optionalText(LIMITS.bio, "Bio must be less than 500 characters"),
  location: optionalText(LIMITS.location, "Location must be less than 100 characters"),
  website: urlOrEmpty("Must be a valid URL", isWebUrl),
  dateOfBirth: z
    .string()
    .trim()
    .refine((value) => value === "" || /^\d{4}-\d{2}-\d{2}$/.test(value), "Must be a valid date")
    .refine(
      (value) => value === "" || !Number.isNaN(Date.parse(`${value}T00:00:00Z`)),
      "Must be a valid date",
    )
    .refine(
      (value) => value === "" || value >= DATE_OF_BIRTH_MIN,
      "Date of birth cannot be before 1900-01-01",
    )
    .refine(
      (value) => value === "" || value <= todayIsoDate(),
      "Date of birth cannot be in the future",
    )
    .optional()
    .default(""),
  isPublic: z.boolean().default(true),
  socialTwitter: z
    .string()
    .overwrite((value) => cleanText(value).replace(/^@+/, ""))
    .max(LIMITS.twitter, "Twitter username must be less than 50 characters")
    .regex(/^\w*$/, "Twitter username can only contain letters, numbers and underscores")
    .optional()
    .default(""),
  socialLinkedin: urlOrEmpty("Must be a valid LinkedIn URL", isLinkedInUrl),
});
export type ProfileInput = z.input<typeof profileSchema>;
export type ProfileValues = z.output<typeof profileSchema>;

export const CHOOSE_A_CATEGORY = "Choose a category";

/**
 * A category as a request names it: its slug. A discussion always names one (issue 41, no
 * default); an unknown one is refused under the field by the route (docs/decisions/066).
 */
export const categorySlugField = z
  .string({ error: CHOOSE_A_CATEGORY })
  .trim()
  .min(1, CHOOSE_A_CATEGORY)
  .max(50, CHOOSE_A_CATEGORY);

export const discussionSchema = z.object({
  category: categorySlugField,
  /** Up to five, normalised (shared/tags.ts); unknown ones are created only where allowed. */
  tags: discussionTagsField.optional(),
  title: requiredText("Title", LIMITS.title),
  content: requiredText("Content", LIMITS.content).refine(fewEnoughImages, TOO_MANY_IMAGES),
});
export type DiscussionInput = z.infer<typeof discussionSchema>;

/** The answered reply's id is not a reply of this discussion (or cannot be an id at all). */
export const REPLY_TO_NOT_FOUND = "The reply you are answering was not found in this discussion.";

/**
 * POST /api/discussions/{id}/replies (docs/product.md §5.6): cleaned like discussion content.
 * Mentions travel inside the content as tokens (shared/mentions.ts).
 */
export const replySchema = z.object({
  content: requiredText("Reply", LIMITS.reply).refine(fewEnoughImages, TOO_MANY_IMAGES),
  replyToId: z
    .guid(REPLY_TO_NOT_FOUND)
    .nullish()
    .transform((value) => value ?? undefined),
});
export type ReplyInput = z.input<typeof replySchema>;
export type ReplyValues = z.output<typeof replySchema>;

/** PATCH /api/replies/{id}: the content only; the answered reply does not change. */
export const replyEditSchema = replySchema.pick({ content: true });
export type ReplyEditInput = z.infer<typeof replyEditSchema>;

export const contactSchema = z.object({
  name: requiredText("Name", LIMITS.name),
  email: emailSchema,
  subject: requiredText("Subject", LIMITS.subject),
  message: requiredText("Message", LIMITS.message),
});
export type ContactInput = z.infer<typeof contactSchema>;

export const newsletterSchema = z.object({ email: emailSchema });
export type NewsletterInput = z.infer<typeof newsletterSchema>;

/** POST /api/cms/blog-posts/{id}/newsletter: what of the post the mail carries. */
export const emailPostSchema = z.object({
  content: z.enum(["full", "excerpt"], { error: "Choose the full post or the excerpt" }),
});

/** PUT /api/newsletter/me: the settings switch. */
export const newsletterSettingSchema = z.object({
  subscribed: z.boolean({ error: "subscribed must be true or false" }),
});

const dataRequestTypeValues = DATA_REQUEST_TYPES.map((type) => type.value) as [
  (typeof DATA_REQUEST_TYPES)[number]["value"],
  ...(typeof DATA_REQUEST_TYPES)[number]["value"][],
];

export const dataRequestSchema = z.object({
  requestType: z.enum(dataRequestTypeValues, { error: "Request type is required" }),
  email: emailSchema,
  fullName: requiredText("Full name", LIMITS.name),
  details: optionalText(
    LIMITS.details,
    `Additional details is too long (max ${LIMITS.details} characters)`,
  ),
});
export type DataRequestInput = z.infer<typeof dataRequestSchema>;

/** POST /api/data-requests/confirm: the token of the link mailed to the request's address. */
export const dataRequestConfirmSchema = z.object({
  token: z.string({ error: "This link is invalid or has expired" }).min(1).max(500),
});

/** POST /api/inbox/data-requests/{id}/erase (docs/product.md §2.21.6). */
export const eraseAccountSchema = z.object({
  reason: requiredText("Reason", LIMITS.reason),
  deleteContent: z.boolean({ error: "Delete content must be true or false" }).default(false),
});
export type EraseAccountInput = z.input<typeof eraseAccountSchema>;

/** POST /api/inbox/data-requests/{id}/complete: the note mailed to the requester. */
export const completeDataRequestSchema = z.object({
  note: requiredText("Note", LIMITS.details),
});
export type CompleteDataRequestInput = z.infer<typeof completeDataRequestSchema>;

export const heroWordSchema = z.object({ word: requiredText("Word", LIMITS.heroWord) });

/** A page staff write in the CMS (docs/decisions/030): plain text, "## " lines are headings. */
export const sitePageSchema = z.object({
  content: requiredText("Content", LIMITS.sitePage),
  /** A change members must be told of and accept again (docs/decisions/082); not a typo's fix. */
  material: z.boolean({ error: "Material change must be true or false" }).default(false),
});
export type SitePageInput = z.input<typeof sitePageSchema>;

export const blogPostSchema = z.object({
  title: requiredText("Title", LIMITS.title),
  excerpt: requiredText("Excerpt", LIMITS.excerpt),
  content: requiredText("Content", LIMITS.content),
  /** A category's slug, or empty for "Uncategorized" (docs/decisions/066). */
  category: z.string({ error: CHOOSE_A_CATEGORY }).trim().max(50, CHOOSE_A_CATEGORY).default(""),
  status: z.enum(BLOG_STATUSES, { error: "Status must be draft or published" }).default("draft"),
  featured: z.boolean().default(false),
});
export type BlogPostInput = z.input<typeof blogPostSchema>;
export type BlogPostValues = z.output<typeof blogPostSchema>;

export const roleChangeSchema = z.object({
  role: z.enum(ROLES, { error: "Role must be one of user, author, moderator, admin" }),
  reason: optionalText(LIMITS.reason, `Reason is too long (max ${LIMITS.reason} characters)`),
});
