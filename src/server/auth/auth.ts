// Accounts with better-auth: email + password, verification required before the first sign-in,
// httpOnly cookie sessions, rate limits counted in the database (they hold across instances).
import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { LIMITS } from "../../shared/constants";
import type { Db } from "../db/client";
import { account, rateLimit, session, user, verification } from "../db/schema";
import type { Logger } from "../lib/logger";
import type { Mailer } from "../lib/mail";
import { promoteAdminEmails } from "./roles";

/** The header our server sets from the socket address; whatever a client sends is replaced. */
export const CLIENT_IP_HEADER = "x-client-ip";

/** Our session cookies are `rc.session_token` (with `__Secure-` behind HTTPS). */
export const AUTH_COOKIE_PREFIX = "rc";

export const AUTH_RATE_LIMITS = { signIn: 10, signUp: 5 } as const;

/** The per-minute limits scaled by RATE_LIMIT_MULTIPLIER (never below one attempt). */
export function scaledAuthRateLimits(multiplier: number) {
  return {
    signIn: Math.max(1, Math.round(AUTH_RATE_LIMITS.signIn * multiplier)),
    signUp: Math.max(1, Math.round(AUTH_RATE_LIMITS.signUp * multiplier)),
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
  /** Sign-in and sign-up attempts allowed per client address per minute. */
  rateLimits: { signIn: number; signUp: number };
};

export function createAuth(options: AuthOptions) {
  const { db, logger } = options;
  const limits = options.rateLimits;
  return betterAuth({
    appName: options.siteName,
    baseURL: options.siteUrl,
    basePath: "/api/auth",
    secret: options.secret,
    database: drizzleAdapter(db, {
      provider: "pg",
      schema: { user, session, account, verification, rateLimit },
    }),
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      autoSignIn: false,
      minPasswordLength: LIMITS.passwordMin,
      maxPasswordLength: LIMITS.password,
    },
    emailVerification: {
      sendOnSignUp: true,
      sendOnSignIn: true,
      autoSignInAfterVerification: false,
      expiresIn: 24 * 60 * 60,
      async sendVerificationEmail({ user: recipient, url }) {
        try {
          await options.mailer.send({
            to: recipient.email,
            subject: `Confirm your email for ${options.siteName}`,
            text: [
              `Hi ${recipient.name || "there"},`,
              "",
              `Please confirm your email address to finish creating your ${options.siteName} account:`,
              "",
              url,
              "",
              "The link is valid for 24 hours. If you did not sign up, you can ignore this email.",
            ].join("\n"),
          });
        } catch (error) {
          logger.error({ err: error, to: recipient.email }, "verification email failed");
        }
      },
    },
    databaseHooks: {
      user: {
        create: {
          // The profile and `user` role rows are created by a trigger in the same statement
          // (drizzle/0001_account_rows.sql); this only upgrades configured admins.
          after: async (created) => {
            await promoteAdminEmails(
              db,
              options.adminEmails.filter((e) => e === created.email.toLowerCase()),
            );
          },
        },
      },
    },
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        "/sign-in/email": { window: 60, max: limits.signIn },
        "/sign-up/email": { window: 60, max: limits.signUp },
        "/get-session": false,
      },
    },
    advanced: {
      cookiePrefix: AUTH_COOKIE_PREFIX,
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
      database: { generateId: () => crypto.randomUUID() },
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
    },
    trustedOrigins: (request) => {
      const origins = [new URL(options.siteUrl).origin];
      if (request) origins.push(new URL(request.url).origin);
      return origins;
    },
    logger: {
      log: (level, message, ...args) => logger[level]({ args }, message),
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
