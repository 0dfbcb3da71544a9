// The token of a notification email's unsubscribe link (RFC 8058 one-click, and the page that
// works signed out): the member's id and the kinds the mail was about, with an HMAC under the
// auth secret. It cannot be forged for another member or other kinds, and holds nothing to
// enumerate: member ids are random UUIDs and the HMAC covers them.
import { createHmac, timingSafeEqual } from "node:crypto";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/shared/notifications";

const PURPOSE = "notification-unsubscribe v1";

export type UnsubscribeClaim = { userId: string; kinds: NotificationKind[] };

function mac(secret: string, payload: string): string {
  return createHmac("sha256", secret).update(`${PURPOSE}\n${payload}`).digest("base64url");
}

export function notificationUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  const payload = Buffer.from(JSON.stringify([claim.userId, claim.kinds])).toString("base64url");
  return `${payload}.${mac(secret, payload)}`;
}

/** The claim of a token this server made; null for anything else. */
export function readUnsubscribeToken(secret: string, token: string): UnsubscribeClaim | null {
  const [payload, given, extra] = token.split(".");
  if (!payload || !given || extra !== undefined) return null;
  const expected = Buffer.from(mac(secret, payload));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) return null;
  try {
    const [userId, kinds] = JSON.parse(Buffer.from(payload, "base64url").toString("utf8")) as [
      unknown,
      unknown,
    ];
    if (typeof userId !== "string" || !Array.isArray(kinds)) return null;
    const known = kinds.filter((kind): kind is NotificationKind =>
      (NOTIFICATION_KINDS as readonly unknown[]).includes(kind),
    );
    return known.length > 0 ? { userId, kinds: known } : null;
  } catch {
    return null;
  }
}
