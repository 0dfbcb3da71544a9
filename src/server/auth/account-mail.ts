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

// ---- security notices (docs/product.md §2.24, docs/decisions/060) ----------------------------

/** How long an admin-started two-factor reset link works. */
export const SECOND_FACTOR_RESET_LINK_HOURS = 24;

/** "28 November 2026, 11:20 UTC": the time a notice reports. */
export function noticeTime(at: Date): string {
  const day = at.toLocaleDateString("en-GB", {
    day: "numeric",
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  });
  const time = at.toLocaleTimeString("en-GB", {
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
  });
  return `${day}, ${time} UTC`;
}

function sessionsLink(site: Site): string {
  return new URL("/settings#sessions", site.siteUrl).href;
}

export function newSignInMail(site: Site, to: string, device: string, at: Date): MailMessage {
  return {
    to,
    subject: `New sign-in to your ${site.siteName} account`,
    text: [
      "Hi there,",
      "",
      `Your ${site.siteName} account was signed in to from a device or browser it has not been used on before:`,
      "",
      `${device}, ${noticeTime(at)}`,
      "",
      `If this was you, you can ignore this email. If not, sign that session out and change your password: ${sessionsLink(site)}`,
    ].join("\n"),
  };
}

export function secondFactorAddedMail(site: Site, to: string): MailMessage {
  return {
    to,
    subject: `Two-factor authentication is on for ${site.siteName}`,
    text: [
      "Hi there,",
      "",
      `An authenticator app was added to your ${site.siteName} account: signing in now asks for its code too.`,
      "",
      `If this was not you, someone knows your password. Reset it now: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
      `and check where you are signed in: ${sessionsLink(site)}`,
    ].join("\n"),
  };
}

export function secondFactorRemovedMail(site: Site, to: string): MailMessage {
  return {
    to,
    subject: `Two-factor authentication was turned off for ${site.siteName}`,
    text: [
      "Hi there,",
      "",
      `Two-factor authentication was turned off for your ${site.siteName} account, and every other device was signed out. Signing in now asks for your password only.`,
      "",
      `If this was not you, reset your password now: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
      `Then turn two-factor authentication on again in your settings: ${new URL("/settings", site.siteUrl).href}`,
    ].join("\n"),
  };
}

/** A passkey was added (decision 063): no session ends, as for any factor added. */
export function passkeyAddedMail(site: Site, to: string, name: string): MailMessage {
  return {
    to,
    subject: `A passkey was added to your ${site.siteName} account`,
    text: [
      "Hi there,",
      "",
      `A passkey named "${name}" was added to your ${site.siteName} account. It signs you in without your password, and counts as your second factor.`,
      "",
      `If this was not you, remove it in your settings now: ${new URL("/settings", site.siteUrl).href}`,
      `then reset your password: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
      `and check where you are signed in: ${sessionsLink(site)}`,
    ].join("\n"),
  };
}

/** A passkey was removed; when it was the only second factor, every other device was signed out. */
export function passkeyRemovedMail(
  site: Site,
  to: string,
  name: string,
  lastFactor: boolean,
): MailMessage {
  return {
    to,
    subject: `A passkey was removed from your ${site.siteName} account`,
    text: [
      "Hi there,",
      "",
      lastFactor
        ? `The passkey named "${name}" was removed from your ${site.siteName} account. It was your only second factor, so every other device was signed out and signing in now asks for your password only.`
        : `The passkey named "${name}" was removed from your ${site.siteName} account. It no longer signs you in.`,
      "",
      `If this was not you, reset your password now: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
      `and check your settings: ${new URL("/settings", site.siteUrl).href}`,
    ].join("\n"),
  };
}

export function passwordChangedMail(site: Site, to: string): MailMessage {
  return {
    to,
    subject: `Your ${site.siteName} password was changed`,
    text: [
      "Hi there,",
      "",
      `The password of your ${site.siteName} account was changed, and every other device was signed out.`,
      "",
      `If this was not you, reset your password now: ${new URL("/auth/forgot-password", site.siteUrl).href}`,
    ].join("\n"),
  };
}

export function secondFactorResetMail(site: Site, to: string, token: string): MailMessage {
  return {
    to,
    subject: `Reset two-factor authentication for ${site.siteName}`,
    text: [
      "Hi there,",
      "",
      `An administrator of ${site.siteName} started a reset of your account's two-factor authentication, as you asked.`,
      "Open this link to turn it off; you can then sign in with your password and set it up again:",
      "",
      link(site, "/settings/two-factor/reset", token),
      "",
      `The link is valid for ${SECOND_FACTOR_RESET_LINK_HOURS} hours and works once. If you did not ask for this, do not open it, and tell the site's administrators: nothing changes until the link is opened.`,
    ].join("\n"),
  };
}
