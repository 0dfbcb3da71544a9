// One Idempotency-Key per submission (docs/decisions/033). A submission is what the person sent:
// sending the same content again after an attempt that got no answer (the connection was cut,
// the server was restarting) is the same submission and reuses its key, so the server answers
// it with the first answer if the first attempt did create. Any answer the server gave (a
// success or a refusal) ends the submission: the next one, even with the same content, is new.
import { ApiError } from "./api-client";

export type SubmissionKeys = {
  /** The key for sending `input` now: the unanswered submission's, when the content is its. */
  keyFor(input: unknown): string;
  /** What came back from sending: a success, or the error thrown. */
  settle(outcome: { error?: unknown }): void;
};

/** Whether the server's answer is known: a 2xx or a 4xx came back (a 5xx may be a proxy's). */
export function answered(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

/**
 * A random UUID. `crypto.randomUUID` exists only in secure contexts (HTTPS, localhost): a site
 * served over plain HTTP on a local address gets one from `getRandomValues`, which exists in all.
 */
export function newSubmissionKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

export function createSubmissionKeys(newKey: () => string = newSubmissionKey) {
  let open: { content: string; key: string } | null = null;
  const keys: SubmissionKeys = {
    keyFor(input) {
      const content = JSON.stringify(input) ?? "";
      if (open?.content !== content) open = { content, key: newKey() };
      return open.key;
    },
    settle({ error }) {
      if (error === undefined || answered(error)) open = null;
    },
  };
  return keys;
}
