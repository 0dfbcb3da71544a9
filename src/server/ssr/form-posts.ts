// The public forms sent without scripts (docs/decisions/061), as Remix's and Ghost's forms work:
// each posts to its own page, and the server sends the fields to the form's own JSON route (the
// same validation, limits, origin rule and spam defences: nothing here decides anything), then
// answers with the page rendered with the outcome, or after a sign-in a 303 to where the
// script path ends.
import type { IncomingMessage } from "node:http";
import type { Context, Handler } from "hono";
import { paths } from "@/client/lib/paths";
import { safeReturnPath } from "@/client/lib/return-path";
import type { AppEnv } from "@/server/context";
import { REQUEST_ID_HEADER } from "@/server/lib/request-log";
import { isFormPost } from "@/server/lib/validate";
import { INTENT_FIELD, type PostedForm, type PublicForm } from "@/shared/public-forms";
import { SECOND_STEP_SWITCH_FIELD } from "@/shared/second-factor";
import { FORM_TOKEN_FIELD, HONEYPOT_FIELD } from "@/shared/spam";

type FormRoute = {
  /** The pages the form is on, which it posts to. */
  pages: readonly string[];
  /** The JSON route that does what the form asks (docs/product.md §7), or which one `chooses` picks. */
  api: string | ((choice: Record<string, string>) => string);
  /** The fields that route reads; `echoed` go back into the page's form. */
  fields: readonly string[];
  echoed: readonly string[];
  /** Fields read here only, to choose the route; never sent on. */
  chooses?: readonly string[];
  /**
   * A button that only changes what the form asks (its name; its value replaces the `chooses`
   * field it names): the page comes back asking that, and no route is called.
   */
  switches?: { field: string; sets: string; values: readonly string[] };
  /** The route signs in: on success, 303 with its cookies to where the script path ends. */
  signsInTo?: (search: URLSearchParams) => string;
};

const SPAM_FIELDS = [HONEYPOT_FIELD, FORM_TOKEN_FIELD] as const;

export const FORM_ROUTES: Record<PublicForm, FormRoute> = {
  // The password is never written into a page.
  "sign-in": {
    pages: [paths.auth],
    api: "/api/auth/sign-in/email",
    fields: ["email", "password"],
    echoed: ["email"],
    // On to the page that asked (docs/product.md §2.12).
    signsInTo: (search) => safeReturnPath(search.get("returnTo")) ?? paths.home,
  },
  // The sign-in's second step (docs/product.md §2.24, decision 060): the app's code or a
  // recovery code, each to its own route; the pending sign-in is the browser's cookie.
  "second-step": {
    pages: [paths.auth],
    api: ({ kind }) =>
      kind === "recovery"
        ? "/api/auth/two-factor/verify-backup-code"
        : "/api/auth/two-factor/verify-totp",
    fields: ["code"],
    chooses: ["kind"],
    echoed: ["kind"],
    // `Use a recovery code instead` and back, without scripts (decision 063's amendment).
    switches: { field: SECOND_STEP_SWITCH_FIELD, sets: "kind", values: ["app", "recovery"] },
    signsInTo: (search) => safeReturnPath(search.get("returnTo")) ?? paths.home,
  },
  "sign-up": {
    pages: [paths.auth],
    api: "/api/auth/sign-up/email",
    fields: ["name", "email", ...SPAM_FIELDS],
    echoed: ["name", "email"],
  },
  "forgot-password": {
    pages: [paths.forgotPassword],
    api: "/api/auth/request-password-reset",
    fields: ["email"],
    echoed: ["email"],
  },
  // The contact form is on its page and on the home page (docs/product.md §2.15).
  // The link's page (docs/product.md §2.13): the name comes back, the password never.
  "confirm-email": {
    pages: [paths.confirmEmail],
    api: "/api/auth/confirm-email",
    fields: ["token", "name", "password", "termsVersion"],
    echoed: ["name"],
    signsInTo: () => paths.home,
  },
  // The token comes from the link's address, into a hidden field; nothing is echoed.
  "reset-password": {
    pages: [paths.resetPassword],
    api: "/api/auth/reset-password",
    fields: ["token", "newPassword"],
    echoed: [],
  },
  contact: {
    pages: [paths.contact, paths.home],
    api: "/api/contact",
    fields: ["name", "email", "subject", "message", ...SPAM_FIELDS],
    echoed: ["name", "email", "subject", "message"],
  },
  newsletter: {
    pages: [paths.home],
    api: "/api/newsletter",
    fields: ["email", ...SPAM_FIELDS],
    echoed: ["email"],
  },
  "data-request": {
    pages: [paths.dataRequest],
    api: "/api/data-requests",
    fields: ["requestType", "email", "fullName", "details", ...SPAM_FIELDS],
    echoed: ["requestType", "email", "fullName", "details"],
  },
  // A complaint (docs/decisions/081); a signed-in member's goes to their account's address.
  complaint: {
    pages: [paths.complaints],
    api: "/api/complaints",
    fields: ["kind", "email", "link", "message", ...SPAM_FIELDS],
    echoed: ["kind", "email", "link", "message"],
  },
  // A visitor's report of a post (docs/decisions/079); the post's kind and id are hidden fields.
  report: {
    pages: [paths.report],
    api: "/api/moderation/visitor-reports",
    fields: ["email", "targetKind", "targetId", "reason", "harmKind", "details", ...SPAM_FIELDS],
    echoed: ["email", "targetKind", "targetId", "reason", "harmKind", "details"],
  },
};

function formRouteOf(intent: unknown): [PublicForm, FormRoute] | null {
  if (typeof intent !== "string" || !Object.hasOwn(FORM_ROUTES, intent)) return null;
  const form = intent as PublicForm;
  return [form, FORM_ROUTES[form]];
}

/** The named fields of a form body that are text (a file or a repeated name is not sent). */
function textFields(body: Record<string, unknown>, names: readonly string[]) {
  const fields: Record<string, string> = {};
  for (const name of names) {
    const value = body[name];
    if (typeof value === "string") fields[name] = value;
  }
  return fields;
}

// Headers of the browser's request that are about its body or its encoding, not about who sent it.
const BODY_HEADERS = ["content-type", "content-length", "transfer-encoding", "accept-encoding"];

/** The JSON call a script would have made, from the same browser (its cookies, Origin, address). */
function jsonCall(c: Context<AppEnv>, api: string, body: Record<string, string>): Request {
  const headers = new Headers(c.req.raw.headers);
  for (const name of BODY_HEADERS) headers.delete(name);
  headers.set("content-type", "application/json");
  // One request id on both log lines.
  headers.set(REQUEST_ID_HEADER, c.var.requestId);
  return new Request(new URL(api, c.req.url), {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
}

type ErrorBody = { error?: { code?: string; message?: string; fields?: Record<string, string> } };

/** What the page shows of the route's answer. */
async function postedForm(
  form: PublicForm,
  values: Record<string, string>,
  answer: Response,
): Promise<PostedForm> {
  const body: unknown = await answer.json().catch(() => null);
  if (answer.ok) return { form, values, ok: true, answer: body, fieldErrors: {}, error: null };
  const error = (body as ErrorBody | null)?.error;
  return {
    form,
    values,
    ok: false,
    fieldErrors: error?.fields ?? {},
    error: error?.message ?? "Something went wrong. Please try again.",
    ...(error?.code ? { code: error.code } : {}),
  };
}

/**
 * What the app reads of node for the JSON call (lib/answer-headers.ts, lib/client-address.ts):
 * the browser's socket, so the call has the sender's address and its limits, and the call's
 * own headers (its type, no gzip); no response of its own, since the page's is not its to write.
 * Under app.request() (tests) there is no node, and none is needed.
 */
function callBindings(c: Context<AppEnv>, call: Request): unknown {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.env;
  return { incoming: { socket: incoming.socket, headers: Object.fromEntries(call.headers) } };
}

/**
 * A sign-in that succeeded but asks for more (better-auth's two-factor answer,
 * `twoFactorRedirect`, or a passkey when that is the account's only factor, decision 063) is no
 * session yet: its page shows the answer, for its form to go on.
 */
function asksForAnotherStep(answer: unknown): boolean {
  const next = answer as { twoFactorRedirect?: unknown; passkeyRequired?: unknown } | null;
  return Boolean(next?.twoFactorRedirect || next?.passkeyRequired);
}

export type FormPostOptions = {
  /** Sends a request through the app, as if the browser had sent it (node's bindings given). */
  dispatch: (request: Request, bindings: unknown) => Promise<Response>;
  /** The page handler (lib/spa.ts), which renders with `c.var.postedForm`. */
  renderPage: (c: Context<AppEnv>) => Promise<Response>;
};

/**
 * POST to a public form's page with a form body naming the form (`intent`): anything else is
 * not found, as before.
 */
export function formPosts({ dispatch, renderPage }: FormPostOptions): Handler<AppEnv> {
  return async (c, next) => {
    if (!isFormPost(c.req.header("content-type"))) return next();
    const { pathname, searchParams } = new URL(c.req.url);
    const body = await c.req.parseBody().catch(() => null);
    const found = body ? formRouteOf(body[INTENT_FIELD]) : null;
    if (!body || !found?.[1].pages.includes(pathname)) return next();
    const [form, route] = found;

    const switchedTo = switchedValue(route, body);
    if (switchedTo) {
      // Nothing was sent: the same form again, asking what the button chose (the pending
      // sign-in's cookie stays the browser's).
      const values = { [switchedTo.field]: switchedTo.value };
      c.set("postedForm", { form, values, ok: false, fieldErrors: {}, error: null });
      return privatePage(await renderPage(c));
    }

    const api =
      typeof route.api === "string" ? route.api : route.api(textFields(body, route.chooses ?? []));
    const call = jsonCall(c, api, textFields(body, route.fields));
    const answer = await dispatch(call, callBindings(c, call));
    const posted = await postedForm(form, textFields(body, route.echoed), answer);
    // The browser gets the cookies the script path would have (a session, a known device, a
    // second step's).
    const cookies = answer.headers.getSetCookie();
    if (route.signsInTo && posted.ok && !asksForAnotherStep(posted.answer)) {
      // Signed in: on to where the script path ends.
      const redirect = new Response(null, {
        status: 303,
        headers: { location: route.signsInTo(searchParams), "cache-control": "no-store" },
      });
      for (const cookie of cookies) redirect.headers.append("set-cookie", cookie);
      return redirect;
    }

    c.set("postedForm", posted);
    const page = await renderPage(c);
    // The route's status when it refused (400, 401, 429...), unless the page itself failed.
    const status = answer.ok || page.status >= 500 ? page.status : answer.status;
    const headers = new Headers(page.headers);
    headers.set("cache-control", "private, no-store");
    const retryAfter = answer.headers.get("retry-after");
    if (retryAfter) headers.set("retry-after", retryAfter);
    for (const cookie of cookies) headers.append("set-cookie", cookie);
    return new Response(page.body, { status, headers });
  };
}

/** The answer to a post shows that person's outcome: never stored by a shared cache. */
function privatePage(page: Response): Response {
  const headers = new Headers(page.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(page.body, { status: page.status, headers });
}

/** The choice a switching button of `route` sent (a value it allows), or null. */
function switchedValue(
  route: FormRoute,
  body: Record<string, unknown>,
): { field: string; value: string } | null {
  if (!route.switches) return null;
  const value = body[route.switches.field];
  if (typeof value !== "string" || !route.switches.values.includes(value)) return null;
  return { field: route.switches.sets, value };
}
