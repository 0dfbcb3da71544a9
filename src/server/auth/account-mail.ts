// The account emails' words. None of them quotes the name typed at sign-up: whoever typed an
// address may not be its owner, and the mail must not carry a stranger's text to them.
import type { MailMessage } from "@/server/lib/mail";

type Site = { siteName: string; siteUrl: string };

export const CONFIRMATION_LINK_HOURS = 24;
export const RESET_LINK_HOURS = 1;
/** How long the old address can undo an email change (docs/decisions/049). */
export const UNDO_LINK_DAYS = 7;

function link(site: Site, path: string, token: string): string {
  const url = new URL(path, site.siteUrl);
  url.searchParams.set("token", token);
  return url.href;
}

export function confirmationMail(site: Site, to: string, token: string): MailMessage {
  return {
    to,
    subject: `Confirm your email for ${site.siteName}`,
    text: [
      "Hi there,",
      "",
      `Open this link to confirm your email address and choose the password for your ${site.siteName} account:`,
      "",
      link(site, "/auth/confirm", token),
      "",
      `The link is valid for ${CONFIRMATION_LINK_HOURS} hours and replaces any earlier one. If you did not sign up, you can ignore this email: nothing happens until the link is opened.`,
    ].join("\n"),
  };
}

export function alreadyRegisteredMail(site: Site, to: string): MailMessage {
  return {
    to,
    subject: `You already have a ${site.siteName} account`,
    text: [
      "Hi there,",
      "",
      `Someone tried to sign up for ${site.siteName} with this email address, but it already has an account.`,
      "",
      `If it was you, sign in: ${new URL("/auth", site.siteUrl).href}`,
      `Forgot your password? Reset it: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
      "",
      "If it was not you, you can ignore this email. Your account has not changed.",
    ].join("\n"),
  };
}

export function passwordResetMail(site: Site, to: string, token: string): MailMessage {
  return {
    to,
    subject: `Reset your ${site.siteName} password`,
    text: [
      "Hi there,",
      "",
      `Open this link to choose a new password for your ${site.siteName} account:`,
      "",
      link(site, "/auth/reset-password", token),
      "",
      `The link is valid for ${RESET_LINK_HOURS} hour and works once. If you did not ask for it, you can ignore this email: your password stays as it is.`,
    ].join("\n"),
  };
}

export function emailChangeMail(site: Site, to: string, token: string): MailMessage {
  return {
    to,
    subject: `Confirm your new email for ${site.siteName}`,
    text: [
      "Hi there,",
      "",
      `Open this link to make this address the email of your ${site.siteName} account:`,
      "",
      link(site, "/settings/email", token),
      "",
      `The link is valid for ${CONFIRMATION_LINK_HOURS} hours. If you did not ask for this, you can ignore this email.`,
    ].join("\n"),
  };
}

export function emailChangeNoticeMail(site: Site, to: string, newEmail: string): MailMessage {
  return {
    to,
    subject: `Your ${site.siteName} email is being changed`,
    text: [
      "Hi there,",
      "",
      `Someone signed in to your ${site.siteName} account asked to change its email address to ${newEmail}.`,
      "Nothing changes until the link sent to that address is opened.",
      "",
      "If this was not you, someone knows your password. Reset it now: that signs everyone out",
      `and ends the link sent to the new address: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
    ].join("\n"),
  };
}

/** To the old address once the change is made: the way back for its owner (decision 049). */
export function emailChangedMail(
  site: Site,
  to: string,
  newEmail: string,
  undoToken: string,
): MailMessage {
  return {
    to,
    subject: `Your ${site.siteName} email was changed`,
    text: [
      "Hi there,",
      "",
      `The email address of your ${site.siteName} account was changed from this address to ${newEmail}.`,
      "",
      "If you did not make this change, undo it with this link:",
      "",
      link(site, "/settings/email/undo", undoToken),
      "",
      `The link works for ${UNDO_LINK_DAYS} days. Undoing gives the account back to this address, signs everyone out, and sends you a link to choose a new password.`,
      "If you made the change yourself, you can ignore this email.",
    ].join("\n"),
  };
}
