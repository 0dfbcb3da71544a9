// Every write to discussions (forum, CMS) calls publishDiscussionChange so that open lists
// refetch (SPEC §4: "Lists refetch on any change to the discussions table").
import type { DiscussionChange } from "../../shared/api-types";
import type { Db } from "../db/client";
import { notify } from "./live-bus";
import type { Logger } from "./logger";

export const DISCUSSIONS_CHANNEL = "discussions_changed";

/**
 * Announces a change to every app instance. The write has already happened, so a failed
 * NOTIFY is logged rather than turned into an error for the person who made the change.
 */
export async function publishDiscussionChange(
  db: Pick<Db, "execute">,
  change: DiscussionChange,
  logger?: Logger,
): Promise<void> {
  try {
    await notify(db, DISCUSSIONS_CHANNEL, JSON.stringify(change));
  } catch (error) {
    logger?.error({ err: error, change }, "could not publish a discussion change");
  }
}

export function parseDiscussionChange(payload: string): DiscussionChange | null {
  try {
    const { type, id } = JSON.parse(payload) as Partial<DiscussionChange>;
    if (type !== "created" && type !== "updated" && type !== "deleted") return null;
    return typeof id === "string" ? { type, id } : null;
  } catch {
    return null;
  }
}
