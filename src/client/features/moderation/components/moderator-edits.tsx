// The Reports tab's `Edits by moderators` (docs/decisions/048): each edit of someone else's
// post with who made it, why, and the text before it, so staff can check a rewrite.
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useModeratorEdits } from "@/client/features/moderation/api/get-moderator-edits";
import { paths } from "@/client/lib/paths";
import type { ModeratorEditEntry } from "@/shared/moderation";

const KIND_LABELS = { discussion: "Discussion", reply: "Reply" } as const;

function postLink(entry: ModeratorEditEntry): string | null {
  if (!entry.discussionId) return null;
  return entry.targetKind === "reply"
    ? paths.discussionReply(entry.discussionId, entry.targetId)
    : paths.discussion(entry.discussionId);
}

function EditCard({ entry }: { entry: ModeratorEditEntry }) {
  const kind = KIND_LABELS[entry.targetKind];
  const author = entry.authorName ?? "a former member";
  const link = postLink(entry);
  return (
    <Card
      className="flex flex-col gap-2 p-4 text-sm"
      aria-label={`Edit of a ${kind.toLowerCase()} by ${author}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{kind}</Badge>
        <span className="text-muted-foreground">
          <RelativeTime value={entry.at} prefix="Edited" />
        </span>
      </div>
      <p>
        <strong>{entry.editorName ?? "A former moderator"}</strong> edited the {kind.toLowerCase()}{" "}
        by <strong>{author}</strong>. Reason: {entry.reason}
      </p>
      <div className="flex flex-col gap-1 rounded-md border bg-muted/40 p-3">
        <p className="text-muted-foreground text-xs">Before the edit</p>
        {entry.previousTitle !== null ? (
          <p className="font-semibold wrap-anywhere">{entry.previousTitle}</p>
        ) : null}
        <p className="line-clamp-6 whitespace-pre-line wrap-anywhere">{entry.previousContent}</p>
      </div>
      {link ? (
        <Link className="w-fit underline" to={link}>
          Open the {kind.toLowerCase()} as it is now
        </Link>
      ) : null}
    </Card>
  );
}

/** Edits of others' posts by moderators and admins, newest first. */
export function ModeratorEdits() {
  const edits = useModeratorEdits();
  const entries = edits.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section aria-labelledby="moderator-edits" className="flex flex-col gap-3">
      <h2 id="moderator-edits" className="font-semibold text-xl">
        Edits by moderators
      </h2>
      {edits.isPending ? (
        <p className="text-muted-foreground text-sm">Loading edits...</p>
      ) : edits.isError ? (
        <p className="text-sm">Failed to load edits.</p>
      ) : entries.length === 0 ? (
        <p className="text-muted-foreground text-sm">No edits by moderators.</p>
      ) : (
        entries.map((entry) => <EditCard key={entry.id} entry={entry} />)
      )}
      {edits.hasNextPage ? (
        <Button
          variant="outline"
          className="self-center"
          disabled={edits.isFetchingNextPage}
          onClick={() => void edits.fetchNextPage()}
        >
          {edits.isFetchingNextPage ? "Loading..." : "Load more edits"}
        </Button>
      ) : null}
    </section>
  );
}
