import type { ReactNode } from "react";
import { Link } from "@/client/components/link";
import { paths } from "@/client/lib/paths";
import { useSiteName } from "@/client/lib/site-name";
import { DATA_REQUEST_RESPONSE_DAYS, EXPORT_LINK_DAYS } from "@/shared/constants";
import { PrivacyEmail } from "./privacy-email";
import { RetentionPeriod } from "./retention-period";

// docs/product.md §2 Privacy: the sections, in this order, with these headings.
const RIGHTS = [
  ["Right of access", "ask for a copy of the personal data we hold about you."],
  ["Right to rectification", "ask us to correct data that is wrong or incomplete."],
  ["Right to erasure", 'ask us to delete your data (the "right to be forgotten").'],
  ["Right to restrict processing", "ask us to limit how we use your data."],
  ["Right to data portability", "receive your data in a machine-readable format."],
  ["Right to object", "object to our processing of your data."],
] as const;

const COOKIES = [
  [
    "Necessary cookies",
    "keep you signed in, remember the light or dark theme you chose, and protect the site from abuse. The site cannot work without them, so they are always on.",
  ],
  [
    "Analytics cookies",
    "would help us understand how the site is used. We only set them if you choose Accept All.",
  ],
  [
    "Marketing cookies",
    "would help show content relevant to you. We only set them if you choose Accept All.",
  ],
] as const;

function PolicySection({
  title,
  id,
  children,
}: {
  title: string;
  /** An anchor other pages link to (the footer's Cookie Policy: /privacy#cookies). */
  id?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} className="grid scroll-mt-20 gap-3">
      <h2 className="font-bold text-2xl tracking-tight">{title}</h2>
      {children}
    </section>
  );
}

const linkClass = "font-medium text-primary underline underline-offset-2";

/** The static UK GDPR privacy policy of docs/product.md §2. */
export function PrivacyPolicy() {
  const siteName = useSiteName();
  return (
    <div className="grid gap-10 leading-relaxed">
      <PolicySection title="Introduction">
        <p>
          {siteName} ("we", "us") respects your privacy. This policy explains what personal data we
          collect when you use this site, why, how long we keep it and the rights you have under the
          UK General Data Protection Regulation (UK GDPR) and the Data Protection Act 2018. We are
          the data controller for the data described here.
        </p>
      </PolicySection>

      <PolicySection title="Data We Collect">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Account data:</strong> your email address, full name and a securely hashed
            password when you sign up.
          </li>
          <li>
            <strong>Profile data</strong> you choose to add: photo, bio, location, website, date of
            birth and social media links, and whether your profile is public.
          </li>
          <li>
            <strong>Content</strong> you post, such as discussions.
          </li>
          <li>
            <strong>Messages and requests:</strong> what you send through the contact form or the
            data request form, and your newsletter subscription.
          </li>
          <li>
            <strong>Technical data:</strong> your IP address and browser details, used to keep you
            signed in and to protect the site against abuse.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="How We Use Your Data">
        <ul className="list-disc space-y-2 pl-6">
          <li>To provide your account and show your profile and discussions (contract).</li>
          <li>
            To answer your messages and data protection requests (legitimate interests and legal
            obligation).
          </li>
          <li>
            To send the newsletter you subscribed to (consent, which you can withdraw at any time).
          </li>
          <li>To keep the site secure and prevent spam and abuse (legitimate interests).</li>
          <li>
            To keep a suspension in force when a suspended member signs up again or moves to an
            address a suspended account held (legitimate interests: keeping the community safe from
            a member it removed).
          </li>
        </ul>
        <p>We do not sell your personal data.</p>
      </PolicySection>

      <PolicySection title="Your Rights Under UK GDPR">
        <p>You have the right to:</p>
        <ul className="list-disc space-y-2 pl-6">
          {RIGHTS.map(([right, meaning]) => (
            <li key={right}>
              <strong>{right}:</strong> {meaning}
            </li>
          ))}
        </ul>
        <p>
          To use any of these rights, send a{" "}
          <Link to={paths.dataRequest} className={linkClass}>
            data protection request
          </Link>
          . We answer within {DATA_REQUEST_RESPONSE_DAYS} days. You can also complain to the
          Information Commissioner's Office (ico.org.uk).
        </p>
      </PolicySection>

      <PolicySection title="Cookies" id="cookies">
        <p>We use three kinds of cookies:</p>
        <ul className="list-disc space-y-2 pl-6">
          {COOKIES.map(([kind, meaning]) => (
            <li key={kind}>
              <strong>{kind}</strong> {meaning}
            </li>
          ))}
        </ul>
        <p>
          Your choice is kept in your browser. To change it, clear this site's stored data and the
          cookie banner will ask again.
        </p>
      </PolicySection>

      <PolicySection title="Data Retention">
        <ul className="list-disc space-y-2 pl-6">
          <li>
            <strong>Your account, profile, discussions and replies</strong> for as long as you have
            an account. You can download all of it, or delete your account, in your account settings
            at any time. Deleting it removes your account, profile, photo, settings and newsletter
            subscription at once; your discussions and replies stay under the name “Deleted member”
            unless you choose to delete them too.
          </li>
          <li>
            <strong>Contact messages</strong> for <RetentionPeriod /> after we receive them, so we
            can follow up on a conversation; then they are deleted automatically.
          </li>
          <li>
            <strong>Reports sent without an account</strong>: your email address, for{" "}
            <RetentionPeriod /> after the report is closed, so we can tell you the outcome and
            answer questions about it; then the address is deleted automatically and the report
            stays without it.
          </li>
          <li>
            <strong>Data protection requests</strong> while we answer them, and then for{" "}
            <RetentionPeriod /> after we complete them, as the record that we did; then they are
            deleted automatically. The record that an account was deleted keeps only the date and
            how, never who.
          </li>
          <li>
            <strong>If your account is suspended</strong>, a keyed hash of each email address the
            account holds while suspended (a one-way code made with our secret key: it cannot be
            turned back into the address), with the suspension's end and reason, for as long as the
            suspension lasts (for good when it is permanent), even after the account is deleted. A
            new account or an email change to the same address is suspended alike. The hash is
            deleted when the suspension is lifted or ends. Lawful basis: legitimate interests
            (keeping the community safe from a member it removed).
          </li>
          <li>
            <strong>Copies of your data</strong> that we email you a link to, for {EXPORT_LINK_DAYS}{" "}
            days.
          </li>
          <li>
            <strong>Notifications</strong> for 90 days once read, and a year at most.
          </li>
          <li>
            <strong>Newsletter subscriptions</strong> until you unsubscribe; we then keep your
            address marked as unsubscribed so that we do not email you again.
          </li>
          <li>
            <strong>Security records</strong>, such as counts of recent sign-in attempts, for a day
            at most; sign-in sessions for 7 days after their last use.
          </li>
        </ul>
      </PolicySection>

      <PolicySection title="Contact Information">
        <p>
          For any question about this policy or your data, email <PrivacyEmail /> or send a{" "}
          <Link to={paths.dataRequest} className={linkClass}>
            data protection request
          </Link>
          .
        </p>
      </PolicySection>

      <PolicySection title="Changes to This Policy">
        <p>
          We may update this policy from time to time. Changes apply from the moment they are
          published on this page; when they matter, we will tell members by email or with a notice
          on the site.
        </p>
      </PolicySection>
    </div>
  );
}
