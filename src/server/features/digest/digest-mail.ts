// The digest as a mail (docs/decisions/073): a text and an HTML part (lib/mail-html.ts escapes
// every title), the List-Unsubscribe headers of RFC 8058 with a one-click address, and links to
// the unsubscribe page and the setting. It names no member: only discussions and counts.
import type { MailMessage } from "@/server/lib/mail";
import { type HtmlBlock, mailHtml } from "@/server/lib/mail-html";
import type { DigestContent, DigestEntry } from "./content";
import { digestUnsubscribeToken } from "./unsubscribe-token";

export const UNSUBSCRIBE_API_PATH = "/api/digest/unsubscribe";
export const UNSUBSCRIBE_PAGE_PATH = "/digest/unsubscribe";
export const SETTINGS_PATH = "/settings#digest";

export type DigestSite = { siteName: string; siteUrl: string };
export type DigestMailTo = { userId: string; email: string; choice: "daily" | "weekly" };

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

type Part = { heading: string; entries: DigestEntry[]; line: (entry: DigestEntry) => string };

function parts(content: DigestContent, choice: DigestMailTo["choice"]): Part[] {
  const during = choice === "daily" ? "since yesterday" : "this week";
  const all: Part[] = [
    {
      heading: "Replies to your discussions",
      entries: content.replies,
      line: (entry) => `“${entry.title}”: ${plural(entry.count, "new reply", "new replies")}`,
    },
    {
      heading: "Mentions of you",
      entries: content.mentions,
      line: (entry) =>
        `You were mentioned in “${entry.title}”${entry.count > 1 ? ` (${entry.count} times)` : ""}`,
    },
    {
      heading: "Discussions you missed",
      entries: content.missed,
      line: (entry) =>
        entry.count > 0
          ? `“${entry.title}”: ${plural(entry.count, "reply", "replies")} ${during}`
          : `“${entry.title}”: new ${during}`,
    },
  ];
  return all.filter((part) => part.entries.length > 0);
}

export function unsubscribeLinks(secret: string, siteUrl: string, userId: string) {
  const token = digestUnsubscribeToken(secret, userId);
  const oneClick = new URL(UNSUBSCRIBE_API_PATH, siteUrl);
  oneClick.searchParams.set("token", token);
  const page = new URL(UNSUBSCRIBE_PAGE_PATH, siteUrl);
  page.searchParams.set("token", token);
  return { oneClickUrl: oneClick.href, pageUrl: page.href };
}

export function digestMail(
  site: DigestSite,
  secret: string,
  to: DigestMailTo,
  content: DigestContent,
): MailMessage {
  const { siteName, siteUrl } = site;
  const subject =
    to.choice === "daily"
      ? `What you missed on ${siteName} since yesterday`
      : `What you missed on ${siteName} this week`;
  const { oneClickUrl, pageUrl } = unsubscribeLinks(secret, siteUrl, to.userId);
  const settingsUrl = new URL(SETTINGS_PATH, siteUrl).href;
  const text: string[] = [
    "Hi there,",
    "",
    `Here is what happened on ${siteName} while you were away.`,
  ];
  const html: HtmlBlock[] = [
    { paragraph: "Hi there," },
    { paragraph: `Here is what happened on ${siteName} while you were away.` },
  ];
  for (const part of parts(content, to.choice)) {
    text.push("", part.heading.toUpperCase(), "");
    html.push({ heading: part.heading });
    for (const entry of part.entries) {
      const link = new URL(entry.path, siteUrl).href;
      const line = part.line(entry);
      text.push(line, link, "");
      html.push({ paragraph: line }, { link, label: "Read it" });
    }
  }
  const why = `You get this ${to.choice === "daily" ? "daily" : "weekly"} digest because it is on in your settings (new members start with it weekly), and only when you have not visited in that time.`;
  text.push("--", why, `Stop it with one click: ${pageUrl}`, `Change how often: ${settingsUrl}`);
  return {
    to: to.email,
    subject,
    text: text.join("\n"),
    html: mailHtml(subject, html, [
      { paragraph: why },
      { link: pageUrl, label: "Unsubscribe" },
      { link: settingsUrl, label: "Digest settings" },
    ]),
    headers: {
      "List-Unsubscribe": `<${oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
