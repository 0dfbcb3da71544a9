import { ApiError } from "@/client/lib/api-client";

/** The server's code for a link that is bad, expired, used or superseded. */
export const INVALID_TOKEN = "INVALID_TOKEN";

/** True when an answer says the emailed link no longer works (rather than, say, a bad field). */
export function isInvalidLinkError(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.status === 400 &&
    (error.code === INVALID_TOKEN || Boolean(error.fields?.token))
  );
}
