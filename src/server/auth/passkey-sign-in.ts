// Signing in with a passkey alone (docs/decisions/063) as a better-auth endpoint, so that its
// session is made where every other one is: the second-factor gate, the new-device notice and
// better-auth's own cookie all apply. The endpoint marks its request's context as having
// proved a passkey of one member, and the gate (second-factor-gate.ts) lets exactly that
// member's session be born working; every other session of a member with a factor is still
// born expired. Reached only through our route (passkey-routes.ts), which checks the body's
// shape and counts the attempt per address first.
import type { BetterAuthPlugin, GenericEndpointContext } from "@better-auth/core";
import { APIError, createAuthEndpoint } from "better-auth/api";
import { setSessionCookie } from "better-auth/cookies";
import type { RateLimiter } from "@/server/lib/rate-limit";
import { passkeySignInSchema } from "@/shared/passkeys";
import {
  PASSKEY_LIMITS,
  PASSKEY_REFUSALS,
  type PasskeyDeps,
  type PasskeyRefusal,
  verifyPasskeyAssertion,
} from "./passkeys";

export const PASSKEY_SIGN_IN_PATH = "/passkeys/sign-in";

/** The member each passkey sign-in's context proved, read by the session gate. */
const proved = new WeakMap<object, string>();

/** The member whose passkey this endpoint context checked, if it is a passkey sign-in's. */
export function passkeyProvedMember(ctx: GenericEndpointContext): string | undefined {
  return proved.get(ctx);
}

const API_STATUS = { 400: "BAD_REQUEST", 401: "UNAUTHORIZED", 409: "CONFLICT" } as const;

function refused(refusal: PasskeyRefusal): APIError {
  const { status, code, message } = PASSKEY_REFUSALS[refusal];
  return new APIError(API_STATUS[status], { code, message });
}

export function passkeySignIn(deps: PasskeyDeps & { rateLimiter: RateLimiter }) {
  return {
    id: "passkey-sign-in",
    endpoints: {
      signInWithPasskey: createAuthEndpoint(
        PASSKEY_SIGN_IN_PATH,
        { method: "POST" },
        async (ctx) => {
          const parsed = passkeySignInSchema.safeParse(ctx.body);
          if (!parsed.success) throw refused("malformed");
          const outcome = await verifyPasskeyAssertion(
            deps,
            "sign-in",
            parsed.data.response,
            null,
            async (userId) => {
              if (!(await deps.rateLimiter.allow(PASSKEY_LIMITS.perAccount, userId))) {
                const { message } = PASSKEY_LIMITS.perAccount;
                throw new APIError("TOO_MANY_REQUESTS", { code: "RATE_LIMITED", message });
              }
            },
          );
          if (!outcome.ok) throw refused(outcome.refusal);
          const user = await ctx.context.internalAdapter.findUserById(outcome.userId);
          if (!user) throw refused("unknown");
          proved.set(ctx, user.id);
          const session = await ctx.context.internalAdapter.createSession(user.id);
          if (!session) {
            throw new APIError("INTERNAL_SERVER_ERROR", { message: "failed to create session" });
          }
          await setSessionCookie(ctx, { session, user });
          return ctx.json({ user: { id: user.id } });
        },
      ),
    },
  } satisfies BetterAuthPlugin;
}
