// The review reminder's mail (decision 076): the in-app notice alone never reaches an admin who
// does not sign in, so each admin is also mailed, once per record and date, with the notice.
import type { MailMessage } from "@/server/lib/mail";
import { reviewedRecordName } from "@/shared/online-safety-reviewed";

type Site = { siteName: string; siteUrl: string };

export function reviewDueMail(
  site: Site,
  to: string,
  recordKey: string,
  dueOn: string,
): MailMessage {
  const record = reviewedRecordName(recordKey) ?? "record";
  return {
    to,
    subject: `${site.siteName}: the online safety ${record} is due for review`,
    text: [
      "Hi there,",
      "",
      `The ${record} kept under the Online Safety Act for ${site.siteName} was due for review on ${dueOn}.`,
      "",
      "Review it, save a new version with what changed (or that nothing did), and set the next date:",
      "",
      new URL("/cms?tab=online-safety", site.siteUrl).href,
      "",
      "You get this mail because you are an admin of the site. Each admin gets it once for this date.",
    ].join("\n"),
  };
}
