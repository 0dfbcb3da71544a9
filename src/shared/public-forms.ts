// The public forms that work without scripts (docs/decisions/061): each posts to its own page,
// naming itself in the `intent` field, and the server answers with that page rendered with the
// outcome (src/server/ssr/form-posts.ts); with scripts, the forms call the JSON API as before.

/** The field that names which form of the page was sent. */
export const INTENT_FIELD = "intent";

export const PUBLIC_FORMS = [
  "sign-in",
  "second-step",
  "sign-up",
  "forgot-password",
  "reset-password",
  "confirm-email",
  "contact",
  "newsletter",
  "data-request",
  "report",
  "complaint",
] as const;
export type PublicForm = (typeof PUBLIC_FORMS)[number];

/** A public form's post as the server answered it, for the page to show (never a password). */
export type PostedForm = {
  form: PublicForm;
  /** The fields as they were sent, to fill the form again. */
  values: Record<string, string>;
  /** Whether the JSON route accepted it; `answer` is then its body. */
  ok: boolean;
  answer?: unknown;
  /** The route's inline messages per field (docs/product.md §5). */
  fieldErrors: Record<string, string>;
  /** The route's message for the whole form (a limit, a refusal), or null. */
  error: string | null;
  /** The route's error code (EMAIL_NOT_VERIFIED, RATE_LIMITED, ...). */
  code?: string;
};

/** What a server-rendered page hands its forms: the spam-defence token and the last post. */
export type PageForms = {
  /** The signed time the page was rendered (docs/decisions/034), for its forms to send back. */
  token: string | null;
  posted: PostedForm | null;
};
