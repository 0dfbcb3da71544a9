import type { ModerationChange } from "@/client/features/discussions/api/moderate-discussion";

/** The success toasts of pin, unpin, lock and unlock, in the forum and the CMS alike. */
export function moderationSuccessMessage(change: ModerationChange): string {
  if (change.flag === "pinned") {
    return change.value ? "Discussion pinned successfully." : "Discussion unpinned successfully.";
  }
  return change.value ? "Discussion locked successfully." : "Discussion unlocked successfully.";
}

export const MODERATION_FAILED_MESSAGE = "Failed to update discussion.";
