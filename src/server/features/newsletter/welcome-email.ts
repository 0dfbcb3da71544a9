import type { MailMessage } from "@/server/lib/mail";

/** docs/product.md §4: the welcome email a new subscriber gets, with the way out in it. */
export function welcomeEmail({
  to,
  siteName,
  unsubscribeUrl,
}: {
  to: string;
  siteName: string;
  unsubscribeUrl: string;
}): MailMessage {
  return {
    to,
    subject: `Welcome to the ${siteName} newsletter`,
    text: [
      "Hi there,",
      "",
      `Thank you for subscribing to the ${siteName} newsletter. We will write when there is something worth reading: new posts, the best rants and the odd unpopular opinion.`,
      "",
      "If you did not sign up, or you change your mind, you can unsubscribe at any time:",
      "",
      unsubscribeUrl,
    ].join("\n"),
  };
}
