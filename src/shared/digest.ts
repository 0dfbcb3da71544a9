// The digest of what a member missed (issue 43, docs/decisions/073): a mail, daily or weekly, to
// members who have not visited in that time. The choice, its labels and what the API answers.
import { z } from "./zod";

export const DIGEST_CHOICES = ["off", "daily", "weekly"] as const;
export type DigestChoice = (typeof DIGEST_CHOICES)[number];

export const DIGEST_CHOICE_LABELS: Record<DigestChoice, string> = {
  off: "Off",
  daily: "Daily",
  weekly: "Weekly",
};

export const INVALID_DIGEST_CHOICE = "Choose off, daily or weekly";

export const digestSettingSchema = z.object({
  digest: z.enum(DIGEST_CHOICES, { error: INVALID_DIGEST_CHOICE }),
});

export type DigestSetting = z.infer<typeof digestSettingSchema>;

/** The in-app notice existing members get once (they start with the digest off). */
export const DIGEST_OFFER_KIND = "digest_offer";
