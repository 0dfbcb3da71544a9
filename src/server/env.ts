// The only module that reads process.env. Every variable is optional (docs/architecture.md "Configuration");
// a bad value stops the server with a message naming the variable.
import path from "node:path";
import { z } from "zod";
import { DEFAULT_PGLITE_SHARED_BUFFERS_MB } from "./db/pglite-settings";
import { TRUST_PROXY_NAMES, type TrustProxy, trustOf } from "./lib/client-address";
import type { S3Settings } from "./lib/s3-storage";

const emailList = z
  .string()
  .transform((value) =>
    value
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  )
  .pipe(z.array(z.email({ error: "must be a comma-separated list of email addresses" })));

const httpUrl = z
  .url({ protocol: /^https?$/, error: "must be an http(s) URL" })
  .transform((value) => new URL(value).origin);

/** An http(s) address kept whole (an S3 endpoint may sit under a path). */
const httpUrlWithPath = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });

const TRUST_PROXY_MESSAGE = `must be a hop count (1 to 10, 0 for none) or a comma-separated list of addresses, CIDRs or ${TRUST_PROXY_NAMES.join(", ")}`;

/**
 * Off unless set (decision 026). "true" (trust every hop) is refused: any client could then
 * choose its own address, and with it everyone else's rate limits.
 */
const trustProxy = z.string().transform((value, context): TrustProxy | undefined => {
  const text = value.trim();
  // Digits are a hop count, never an address (proxy-addr would read "99" as 0.0.0.99).
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops <= 10) return hops === 0 ? undefined : { hops };
    context.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  }
  const addresses = text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);
  try {
    if (addresses.length === 0 || text === "true") throw new TypeError(text);
    trustOf({ addresses });
    return { addresses };
  } catch {
    context.addIssue({ code: "custom", message: TRUST_PROXY_MESSAGE });
    return z.NEVER;
  }
});

export const envSchema = z.object({
  PORT: z.coerce
    .number({ error: "must be a port number" })
    .int("must be a port number")
    .min(0, "must be a port number")
    .max(65535, "must be a port number")
    .default(3000),
  HOST: z.string().min(1, "must not be empty").default("0.0.0.0"),
  DATA_DIR: z.string().min(1, "must not be empty").default("./data"),
  DATABASE_URL: z
    .url({ protocol: /^postgres(ql)?$/, error: "must be a postgres:// or postgresql:// URL" })
    .optional(),
  SITE_URL: httpUrl.optional(),
  SITE_NAME: z.string().trim().min(1, "must not be empty").default("Rant Community"),
  SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
  MAIL_FROM: z.string().trim().min(3, "must be a sender address").optional(),
  ADMIN_EMAILS: emailList.default([]),
  PRIVACY_EMAIL: z.email({ error: "must be an email address" }).optional(),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  RATE_LIMIT_MULTIPLIER: z.coerce
    .number({ error: "must be a positive number" })
    .positive("must be a positive number")
    .default(1),
  TRUST_PROXY: trustProxy.optional(),
  METRICS_TOKEN: z.string().trim().min(16, "must be at least 16 characters").optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, "must be an S3 bucket name")
    .optional(),
  S3_REGION: z.string().trim().min(1, "must not be empty").default("us-east-1"),
  S3_ENDPOINT: httpUrlWithPath.optional(),
  S3_FORCE_PATH_STYLE: z.enum(["true", "false"], { error: "must be true or false" }).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1, "must not be empty").optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1, "must not be empty").optional(),
  NEWSLETTER_BATCH_SIZE: z.coerce
    .number({ error: "must be a whole number from 1 to 10000" })
    .int("must be a whole number from 1 to 10000")
    .min(1, "must be a whole number from 1 to 10000")
    .max(10_000, "must be a whole number from 1 to 10000")
    .default(100),
  NEWSLETTER_MAILS_PER_SECOND: z.coerce
    .number({ error: "must be a number, 0 for no limit" })
    .min(0, "must be a number, 0 for no limit")
    .default(10),
  RETENTION_MONTHS: z.coerce
    .number({ error: "must be a whole number of months (1 to 120)" })
    .int("must be a whole number of months (1 to 120)")
    .min(1, "must be a whole number of months (1 to 120)")
    .max(120, "must be a whole number of months (1 to 120)")
    .default(24),
  SPAM_MIN_FILL_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds (0 to 600)" })
    .int("must be a whole number of seconds (0 to 600)")
    .min(0, "must be a whole number of seconds (0 to 600)")
    .max(600, "must be a whole number of seconds (0 to 600)")
    .default(3),
  SPAM_RELEASE_AFTER_MINUTES: z.coerce
    .number({ error: "must be a whole number of minutes (0 to 10080)" })
    .int("must be a whole number of minutes (0 to 10080)")
    .min(0, "must be a whole number of minutes (0 to 10080)")
    .max(10_080, "must be a whole number of minutes (0 to 10080)")
    .default(10),
  LIVE_STREAMS_MAX: z.coerce
    .number({ error: "must be a whole number from 1 to 100000" })
    .int("must be a whole number from 1 to 100000")
    .min(1, "must be a whole number from 1 to 100000")
    .max(100_000, "must be a whole number from 1 to 100000")
    .default(1000),
  UPLOAD_BODY_TIMEOUT_SECONDS: z.coerce
    .number({ error: "must be a whole number of seconds (10 to 3600)" })
    .int("must be a whole number of seconds (10 to 3600)")
    .min(10, "must be a whole number of seconds (10 to 3600)")
    .max(3600, "must be a whole number of seconds (10 to 3600)")
    .default(120),
  PGLITE_SHARED_BUFFERS_MB: z.coerce
    .number({ error: "must be a whole number of megabytes (1 to 4096)" })
    .int("must be a whole number of megabytes (1 to 4096)")
    .min(1, "must be a whole number of megabytes (1 to 4096)")
    .max(4096, "must be a whole number of megabytes (1 to 4096)")
    .default(DEFAULT_PGLITE_SHARED_BUFFERS_MB),
  ANONYMOUS_CACHE: z.enum(["on", "off"], { error: "must be on or off" }).default("on"),
  LOG_LEVEL: z
    .enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"], {
      error: "must be one of fatal, error, warn, info, debug, trace, silent",
    })
    .default("info"),
});

export type Env = {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  siteName: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  adminEmails: string[];
  /** Where people write about their personal data (privacy page, data-request emails). */
  privacyEmail: string;
  authSecret: string | undefined;
  logLevel: string;
  /** Scales every rate limit: above 1 for a busy site behind one address, or for tests. */
  rateLimitMultiplier: number;
  /**
   * Live-update streams one instance holds open at most, from all clients together
   * (lib/live-stream-cap.ts, decision 051): each holds a socket and a subscription.
   */
  liveStreamsMax: number;
  /**
   * How long a post image's body may take to arrive once its upload place is taken
   * (docs/decisions/098): a trickled one would otherwise hold the place for minutes.
   */
  uploadBodyTimeoutMs: number;
  /** The reverse proxies in front of the site, if any (lib/client-address.ts). */
  trustProxy: TrustProxy | undefined;
  /**
   * Whether visitors' public reads and pages are replayed from the anonymous cache
   * (lib/anonymous-cache.ts, decision 059); off, the app makes every response (benchmarks).
   */
  anonymousCache: boolean;
  /** PostgreSQL's shared_buffers inside the embedded database (decision 086). */
  pgliteSharedBuffersMb: number;
  /** The bearer token GET /metrics asks for; unset, there is no /metrics (lib/metrics.ts). */
  metricsToken: string | undefined;
  /** Uploads in an S3-compatible store (lib/s3-storage.ts); unset, on the disk in DATA_DIR. */
  s3: S3Settings | undefined;
  /** Newsletter sending (docs/decisions/028): mails per batch, and the pace (0: no limit). */
  newsletter: { batchSize: number; mailsPerSecond: number };
  /**
   * Months that contact messages and completed data requests are kept (docs/product.md §4.14);
   * /privacy states the same figure.
   */
  retentionMonths: number;
  /**
   * The public forms' minimum fill time (docs/decisions/034): a sign-up, contact message,
   * newsletter subscription or data request sent sooner after its form was shown is held for
   * review. 0 turns the time check off (tests); the honeypot is always checked.
   */
  spamMinFillSeconds: number;
  /**
   * A submission held only for being sent too fast, with a valid form token, goes out by itself
   * this many minutes later unless staff discard it (docs/decisions/058); 0 keeps it held.
   */
  spamReleaseAfterMinutes: number;
};

export class EnvError extends Error {}

/** Parses an environment (process.env by default); throws EnvError naming each bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): Env {
  // An empty variable means "not set", as a shell `FOO= npm start` intends.
  const present = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = parsed.data;
  const keyId = env.S3_ACCESS_KEY_ID;
  const secretKey = env.S3_SECRET_ACCESS_KEY;
  if ((keyId === undefined) !== (secretKey === undefined)) {
    throw new EnvError(
      "Invalid configuration:\n  S3_ACCESS_KEY_ID: must be set together with S3_SECRET_ACCESS_KEY",
    );
  }
  const siteUrl = env.SITE_URL ?? `http://localhost:${env.PORT}`;
  return {
    port: env.PORT,
    host: env.HOST,
    dataDir: path.resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    siteUrl,
    siteName: env.SITE_NAME,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM ?? `${env.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    adminEmails: env.ADMIN_EMAILS,
    privacyEmail: env.PRIVACY_EMAIL ?? `privacy@${new URL(siteUrl).hostname}`,
    authSecret: env.AUTH_SECRET,
    logLevel: env.LOG_LEVEL,
    rateLimitMultiplier: env.RATE_LIMIT_MULTIPLIER,
    liveStreamsMax: env.LIVE_STREAMS_MAX,
    uploadBodyTimeoutMs: env.UPLOAD_BODY_TIMEOUT_SECONDS * 1000,
    trustProxy: env.TRUST_PROXY,
    metricsToken: env.METRICS_TOKEN,
    anonymousCache: env.ANONYMOUS_CACHE === "on",
    pgliteSharedBuffersMb: env.PGLITE_SHARED_BUFFERS_MB,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          region: env.S3_REGION,
          endpoint: env.S3_ENDPOINT,
          // Self-hosted stores (MinIO, ...) want the bucket in the path; AWS takes either.
          forcePathStyle:
            (env.S3_FORCE_PATH_STYLE ?? String(env.S3_ENDPOINT !== undefined)) === "true",
          credentials:
            keyId && secretKey ? { accessKeyId: keyId, secretAccessKey: secretKey } : undefined,
        }
      : undefined,
    newsletter: {
      batchSize: env.NEWSLETTER_BATCH_SIZE,
      mailsPerSecond: env.NEWSLETTER_MAILS_PER_SECOND,
    },
    retentionMonths: env.RETENTION_MONTHS,
    spamMinFillSeconds: env.SPAM_MIN_FILL_SECONDS,
    spamReleaseAfterMinutes: env.SPAM_RELEASE_AFTER_MINUTES,
  };
}
