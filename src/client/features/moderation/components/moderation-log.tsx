import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useModerationLog } from "@/client/features/moderation/api/get-moderation-log";
import type { PublicModerationEntry } from "@/shared/moderation";

const ACTION_LABELS: Record<PublicModerationEntry["action"], string> = {
  hide: "Hidden",
  delete: "Deleted",
  edit: "Edited",
  suspend: "Suspended",
};

const KIND_LABELS: Record<string, string> = {
  discussion: "a discussion",
  reply: "a reply",
  profile: "a profile",
  member: "an account",
  tag: "a tag",
};

/** The day, the same on the server and in the browser (UTC). */
const day = (at: string) => new Date(at).toISOString().slice(0, 10);

function what(entry: PublicModerationEntry): string {
  const author = entry.authorName ?? "a former member";
  if (entry.action === "suspend") {
    return `${author} suspended ${entry.endsAt ? `until ${day(entry.endsAt)}` : "for good"}`;
  }
  const done = `${ACTION_LABELS[entry.action]} ${KIND_LABELS[entry.contentKind] ?? "a post"}`;
  // A tag has no author (docs/decisions/070).
  return entry.contentKind === "tag" ? done : `${done} by ${author}`;
}

/**
 * /moderation: what moderators hid, deleted or edited and whom they suspended, and why; with
 * `memberId`, one member's history (staff, docs/product.md §11.8).
 */
export function ModerationLog({ memberId }: { memberId?: string | null }) {
  const log = useModerationLog(memberId);
  if (log.isPending) return <p className="text-muted-foreground text-sm">Loading...</p>;
  if (log.isError) return <p className="text-sm">The moderation log could not be loaded.</p>;
  const entries = log.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) {
    return <p className="text-muted-foreground text-sm">No moderation actions yet.</p>;
  }
  return (
    <div className="flex flex-col gap-3">
      <ol aria-label="Moderation actions" className="flex flex-col gap-3">
        {entries.map((entry) => (
          <li key={entry.id}>
            <Card className="flex flex-col gap-1 p-4 text-sm">
              <p className="text-muted-foreground">
                <time dateTime={entry.at}>{day(entry.at)}</time>
              </p>
              <p className="font-medium">{what(entry)}</p>
              <p>Reason: {entry.reason}</p>
            </Card>
          </li>
        ))}
      </ol>
      {log.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={log.isFetchingNextPage}
          onClick={() => void log.fetchNextPage()}
        >
          {log.isFetchingNextPage ? "Loading..." : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
