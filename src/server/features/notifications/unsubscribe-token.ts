// The token of a notification email's unsubscribe link (RFC 8058 one-click, and the page that
// works signed out): the member's id and the kinds the mail was about, signed (lib/signed-token.ts).
// It cannot be forged for another member or other kinds, and holds nothing to enumerate:
// member ids are random UUIDs and the signature covers them.
import { z } from "zod";
import { signedToken } from "@/server/lib/signed-token";
import { NOTIFICATION_KINDS, type NotificationKind } from "@/shared/notifications";

export type UnsubscribeClaim = { userId: string; kinds: NotificationKind[] };

const token = signedToken(
  "notification-unsubscribe v1",
  z.tuple([z.string(), z.array(z.unknown())]),
);

export function notificationUnsubscribeToken(secret: string, claim: UnsubscribeClaim): string {
  return token.issue(secret, [claim.userId, claim.kinds]);
}

/** The claim of a token this server made; null for anything else. */
export function readUnsubscribeToken(secret: string, given: string): UnsubscribeClaim | null {
  const claim = token.read(secret, given);
  if (!claim) return null;
  const [userId, kinds] = claim;
  // A kind that no longer exists is dropped; the link still unsubscribes from the others.
  const known = kinds.filter((kind): kind is NotificationKind =>
    (NOTIFICATION_KINDS as readonly unknown[]).includes(kind),
  );
  return known.length > 0 ? { userId, kinds: known } : null;
}
