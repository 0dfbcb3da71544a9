// Accounts with better-auth: email + password, verification required before the first sign-in,
// httpOnly cookie sessions, rate limits counted in the database (they hold across instances).
// Confirmation links are our own (account-tokens.ts): opening one leads to a page where the
// password is chosen, so a password typed at sign-up by someone without the inbox never works.
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { twoFactor as twoFactorPlugin } from "better-auth/plugins";
import type { Db } from "@/server/db/client";
import { account, rateLimit, session, twoFactor, user, verification } from "@/server/db/schema";
import type { Logger } from "@/server/lib/logger";
import type { Mailer } from "@/server/lib/mail";
import type { RateLimiter } from "@/server/lib/rate-limit";
import { AUTH_COOKIE_PREFIX } from "@/server/lib/session-cookie";
import { LIMITS } from "@/shared/constants";
import { RECOVERY_CODE_COUNT } from "@/shared/second-factor";
import {
  ACCOUNT_MAIL_LIMITS,
  activateAccount,
  answerRepeatedSignUp,
  sendConfirmation,
  sendLimited,
} from "./account-lifecycle";
import { passwordChangedMail, passwordResetMail, RESET_LINK_HOURS } from "./account-mail";
import { revokeTokens } from "./account-tokens";
import { passkeySignIn } from "./passkey-sign-in";
import { gateSessionCreation, secondStepChecks } from "./second-factor-gate";
import { alertNewDevice, sendSecurityNotice } from "./security-alerts";

/** The header our server sets from the socket address; whatever a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-client-ip";

/** Per minute and client address; `other` is every account endpoint without a rule of its own. */
export const AUTH_RATE_LIMITS = { signIn: 10, signUp: 5, other: 100 } as const;

/** The per-minute limits scaled by RATE_LIMIT_MULTIPLIER (never below one attempt). */
export function scaledAuthRateLimits(multiplier: number) {
  return {
    signIn: Math.max(1, Math.round(AUTH_RATE_LIMITS.signIn * multiplier)),
    signUp: Math.max(1, Math.round(AUTH_RATE_LIMITS.signUp * multiplier)),
    other: Math.max(1, Math.round(AUTH_RATE_LIMITS.other * multiplier)),
  };
}

export type AuthOptions = {
  db: Db;
  secret: string;
  siteUrl: string;
  siteName: string;
  adminEmails: readonly string[];
  mailer: Mailer;
  logger: Logger;
  /** Counts the mail sent to addresses that someone else may have typed. */
  rateLimiter: RateLimiter;
  /** Sign-in and sign-up attempts allowed per client address per minute. */
  /** `other` defaults to AUTH_RATE_LIMITS.other, unscaled. */
  rateLimits: { signIn: number; signUp: number; other?: number };
};

export function createAuth(options: AuthOptions) {
  const { db, logger } = options;
  const limits = options.rateLimits;
  const site = { siteName: options.siteName, siteUrl: options.siteUrl };
  const mailDeps = { db, logger, mailer: options.mailer, rateLimiter: options.rateLimiter, site };
  return betterAuth({
    appName: options.siteName,
    baseURL: options.siteUrl,
    basePath: "/api/auth",
    secret: options.secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit, twoFactor },
    }),
    // Two-factor sign-in (docs/decisions/060): the plugin's enrolment, second step and recovery
    // codes; what it leaves open is closed by the hooks below and by our routes.
    plugins: [
      twoFactorPlugin({
        issuer: options.siteName,
        backupCodeOptions: { amount: RECOVERY_CODE_COUNT, storeBackupCodes: "encrypted" },
      }),
      // Passkey sign-in (decision 063): its session is made here, through the gate.
      passkeySignIn({
        db,
        siteUrl: options.siteUrl,
        siteName: options.siteName,
        rateLimiter: options.rateLimiter,
      }),
    ],
    hooks: {
      before: secondStepChecks({
        db,
        rateLimiter: options.rateLimiter,
        clientIpHeader: CLIENT_IP_HEADER,
      }),
    },
    databaseHooks: {
      session: {
        create: {
          before: gateSessionCreation(db),
          after: alertNewDevice({
            db,
            logger,
            mailer: options.mailer,
            secret: options.secret,
            site,
          }),
        },
      },
    },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.password,
      // A sign-up for a taken address answers exactly as a new one; its owner hears of it.
      onExistingUserSignUp: async ({ user: existing }) => {
        await answerRepeatedSignUp(mailDeps, existing);
      },
      resetPasswordTokenExpiresIn: RESET_LINK_HOURS * 3600,
      revokeSessionsOnPasswordReset: true,
      async sendResetPassword({ user: recipient, token }) {
        await sendLimited(
          mailDeps,
          ACCOUNT_MAIL_LIMITS.resetPerRecipient,
          async () => passwordResetMail(site, recipient.email, token),
          recipient.email,
        );
      },
      // The reset link proved the inbox: an unverified account becomes verified. A pending
      // email change ends: its notice tells the owner to reset if it was not them.
      async onPasswordReset({ user: changed }) {
        await revokeTokens(db, "change-email", changed.id);
        await sendSecurityNotice(mailDeps, changed.id, (to) => passwordChangedMail(site, to));
        if (!changed.emailVerified) {
          await activateAccount(db, changed, {
            adminEmails: options.adminEmails,
            secret: options.secret,
          });
        }
      },
    },
    emailVerification: {
      sendOnSignUp: true,
      // Signing in to an unverified account says so; a new link is asked for explicitly.
      sendOnSignIn: false,
      autoSignInAfterVerification: false,
      // better-auth's own link (a signed JWT that verifies on opening, and that a newer link
      // cannot revoke) is never sent: ours leads to the page that sets the password.
      async sendVerificationEmail({ user: created }) {
        await sendConfirmation(mailDeps, created);
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      // Scaled like every other limit (docs/decisions/004): sign-outs and the like counted 100
      // a minute whatever RATE_LIMIT_MULTIPLIER said, which the browser tests outgrew.
      max: limits.other ?? AUTH_RATE_LIMITS.other,
      customRules: {
        "/sign-in/email": { window: 60, max: limits.signIn },
        "/sign-up/email": { window: 60, max: limits.signUp },
        "/change-password": { window: 60, max: limits.signIn },
        "/reset-password": { window: 60, max: limits.signIn },
        // The plugin's own rule (3 in 10 s) is not scaled; codes are also counted per account
        // and per address by our hook (second-factor-gate.ts).
        "/two-factor/*": { window: 60, max: limits.signIn },
        "/get-session": false,
        // Counted per client address and per recipient by our own route (auth/routes.ts).
        "/request-password-reset": false,
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      // Native joins: the session and its member in one statement (schema.ts's relations).
      database: { generateId: () => crypto.randomUUID(), joins: true },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    // SITE_URL is the only origin: never the request's own URL, which its Host header sets.
    trustedOrigins: [new URL(options.siteUrl).origin],
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
