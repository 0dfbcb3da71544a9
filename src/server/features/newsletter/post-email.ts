// A blog post as a newsletter mail (docs/product.md §10, docs/decisions/028): a text and an
// HTML part with the title, the post (whole, or its excerpt with "Read more"), the site's
// name and the way out; one-click unsubscribe headers (RFC 8058). Everything a person wrote is
// escaped in the HTML part (lib/mail-html.ts).
import type { MailMessage } from "@/server/lib/mail";
import { type HtmlBlock, mailHtml } from "@/server/lib/mail-html";
import type { NewsletterContent } from "@/shared/api-types";
import { type ContentFormat, plainText } from "@/shared/markup/plain-text";

export type NewsletterPost = {
  title: string;
  excerpt: string;
  content: string;
  contentFormat: ContentFormat;
  slug: string;
};

export type PostEmailLinks = {
  postUrl: string;
  /** The page that asks before unsubscribing (the link in the body). */
  unsubscribePageUrl: string;
  /** The RFC 8058 one-click address (List-Unsubscribe). */
  oneClickUrl: string;
};

export function postEmail(
  site: { siteName: string },
  to: string,
  post: NewsletterPost,
  content: NewsletterContent,
  links: PostEmailLinks,
): MailMessage {
  const { siteName } = site;
  // The post's markup as plain text (docs/decisions/064); the HTML part escapes it.
  const body = content === "full" ? plainText(post.content, post.contentFormat) : post.excerpt;
  const more = content === "full" ? "Read it on the site" : "Read more";
  const text = [
    post.title,
    "",
    body,
    "",
    `${more}: ${links.postUrl}`,
    "",
    "--",
    `You receive this because you subscribed to the ${siteName} newsletter.`,
    `Unsubscribe: ${links.unsubscribePageUrl}`,
  ].join("\n");
  const blocks: HtmlBlock[] = [
    { paragraph: siteName },
    { heading: post.title },
    { text: body },
    { link: links.postUrl, label: more },
  ];
  const footer: HtmlBlock[] = [
    { paragraph: `You receive this because you subscribed to the ${siteName} newsletter.` },
    { link: links.unsubscribePageUrl, label: "Unsubscribe" },
  ];
  return {
    to,
    subject: post.title,
    text,
    html: mailHtml(post.title, blocks, footer),
    headers: {
      "List-Unsubscribe": `<${links.oneClickUrl}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}
