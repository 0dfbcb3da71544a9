// Sign-ups held by the spam defences (docs/decisions/034): answered like any new sign-up, and
// made into an account only when a moderator releases them.
import { randomBytes, randomUUID } from "node:crypto";
import type { AppDeps } from "@/server/context";
import { HELD_RELEASE_QUEUES } from "@/server/domain/spam/held-submissions";

/** better-auth's answer to a new sign-up that needs its email verified (no session). */
export function heldSignUpAnswer(name: string, email: string) {
  const now = new Date().toISOString();
  return {
    token: null,
    user: {
      id: randomUUID(),
      email,
      name,
      image: null,
      emailVerified: false,
      // The two-factor plugin's field (docs/decisions/060): a new account never has one on.
      twoFactorEnabled: false,
      createdAt: now,
      updatedAt: now,
    },
  };
}

/**
 * A released sign-up: the account is made now, and its confirmation mail goes out (or, for a
 * taken address, its owner hears of it) exactly as on a sign-up that was never held. The
 * password is random and never told: the confirmation page sets the one that becomes active.
 */
export function defineHeldSignUpRelease(deps: AppDeps): void {
  deps.jobs.define<{ name: string; email: string }>({
    name: HELD_RELEASE_QUEUES.sign_up,
    handler: async ({ name, email }) => {
      await deps.auth.api.signUpEmail({
        body: { name, email, password: randomBytes(24).toString("base64url") },
      });
    },
  });
}
