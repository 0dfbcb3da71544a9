// Mail about a subscription to the address it names (docs/product.md §10, docs/decisions/028).
// Whoever typed the address may not own it: these say what happened and what to do, and never
// subscribe anyone by themselves.
import type { MailMessage } from "@/server/lib/mail";
import { PENDING_DAYS } from "./subscribe";

type Site = { siteName: string };

/** The double opt-in: only this link makes the address active. */
export function confirmationEmail(site: Site, to: string, confirmUrl: string): MailMessage {
  return {
    to,
    subject: `Confirm your subscription to the ${site.siteName} newsletter`,
    text: [
      "Hi there,",
      "",
      `Someone, hopefully you, asked to receive the ${site.siteName} newsletter at this address. To confirm, open this link:`,
      "",
      confirmUrl,
      "",
      `The link works for ${PENDING_DAYS} days. If you did not ask for the newsletter, ignore this email: you will not be subscribed and we will not write again.`,
    ].join("\n"),
  };
}

/** A request for an address already on the list: its owner learns, the visitor does not. */
export function alreadySubscribedEmail(
  site: Site,
  to: string,
  unsubscribeUrl: string,
): MailMessage {
  return {
    to,
    subject: `You're already subscribed to the ${site.siteName} newsletter`,
    text: [
      "Hi there,",
      "",
      `Someone, hopefully you, asked to subscribe this address to the ${site.siteName} newsletter. It is already subscribed, so nothing has changed.`,
      "",
      "If you would rather not receive the newsletter, you can unsubscribe here:",
      "",
      unsubscribeUrl,
    ].join("\n"),
  };
}
