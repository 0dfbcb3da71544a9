import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useActOnItem } from "@/client/features/moderation/api/act-on-item";
import { useDecideAppeal } from "@/client/features/moderation/api/decide-appeal";
import { useModerationQueue } from "@/client/features/moderation/api/get-queue";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import {
  QUEUE_ACTION_LABELS,
  QUEUE_ACTIONS_FOR,
  type QueueAction,
  type QueueAppeal,
  type QueueItem,
  REPORT_REASON_LABELS,
  type ReportReason,
  type ReportTarget,
} from "@/shared/moderation";
import { ILLEGAL_HARM_LABELS } from "@/shared/online-safety";
import { tagPath } from "@/shared/tag-paths";
import { HeldPosts } from "./held-posts";
import { HeldSubmissions } from "./held-submissions";
import { ModeratorEdits } from "./moderator-edits";
import { ReasonDialog } from "./reason-dialog";

const KIND_LABELS: Record<ReportTarget, string> = {
  discussion: "Discussion",
  reply: "Reply",
  profile: "Profile",
  tag: "Tag",
};

function itemLink(item: QueueItem): string | null {
  if (item.targetKind === "profile") return paths.profile(item.targetId);
  if (item.targetKind === "tag") return item.context.tag ? tagPath(item.context.tag.name) : null;
  if (!item.context.discussionId) return null;
  return item.targetKind === "reply"
    ? paths.discussionReply(item.context.discussionId, item.targetId)
    : paths.discussion(item.context.discussionId);
}

/** Whose or which item, for the buttons' accessible names. */
function itemName(item: QueueItem): string {
  if (item.targetKind === "tag") {
    return `${KIND_LABELS.tag} ${item.context.tag ? `#${item.context.tag.name}` : "since deleted"}`;
  }
  return `${KIND_LABELS[item.targetKind]} by ${item.context.authorName ?? "a former member"}`;
}

function ActionButtons({ item }: { item: QueueItem }) {
  const act = useActOnItem();
  // A tag is dismissed or deleted, a profile never hidden or deleted (shared/moderation.ts).
  const actions = QUEUE_ACTIONS_FOR[item.targetKind].filter(
    (action) => !(action === "suspend" && !item.context.authorId),
  );
  return (
    <div className="flex flex-wrap gap-2">
      {actions.map((action: QueueAction) => (
        <ReasonDialog
          key={action}
          title={`${QUEUE_ACTION_LABELS[action]}: ${KIND_LABELS[item.targetKind].toLowerCase()}`}
          description="The reason is recorded, shown to the member and, for hides, deletes and suspensions, on the public moderation page."
          confirmLabel={QUEUE_ACTION_LABELS[action]}
          withLength={action === "suspend"}
          withRule={action !== "dismiss"}
          trigger={
            <Button
              variant={action === "dismiss" ? "outline" : "secondary"}
              size="sm"
              aria-label={`${QUEUE_ACTION_LABELS[action]} (${itemName(item)})`}
            >
              {QUEUE_ACTION_LABELS[action]}
            </Button>
          }
          onConfirm={async ({ reason, length, rule }) => {
            await act.mutateAsync({
              targetKind: item.targetKind,
              targetId: item.targetId,
              action,
              reason,
              rule,
              length: action === "suspend" ? length : undefined,
            });
            toast.success("Done", { description: "The reporters will be told the outcome." });
          }}
        />
      ))}
    </div>
  );
}

function OpenLink({ to }: { to: string | null }) {
  if (!to) return null;
  return (
    <>
      {" · "}
      <Link className="underline" to={to}>
        Open
      </Link>
    </>
  );
}

/** A discussion, a reply or a profile: its words and whose they are. */
function PostContext({ item }: { item: QueueItem }) {
  return (
    <>
      {item.context.title ? <p className="font-semibold">{item.context.title}</p> : null}
      <p className="line-clamp-6 whitespace-pre-line break-words">{item.context.text}</p>
      <p className="text-muted-foreground">
        by {item.context.authorName ?? "a former member"}
        <OpenLink to={itemLink(item)} />
      </p>
    </>
  );
}

/** A tag is its name; its count says how far a delete reaches (docs/decisions/070). */
function TagContext({ item }: { item: QueueItem }) {
  const { tag } = item.context;
  if (!tag) return <p className="text-muted-foreground">A tag deleted since it was reported</p>;
  return (
    <p>
      <span className="font-semibold">#{tag.name}</span>
      <span className="text-muted-foreground">
        {" · "}
        {tag.discussions} {tag.discussions === 1 ? "discussion" : "discussions"}
        <OpenLink to={itemLink(item)} />
      </span>
    </p>
  );
}

function QueueCard({ item }: { item: QueueItem }) {
  const reasons = Object.entries(item.reasons) as [ReportReason, number][];
  return (
    <Card
      className="flex flex-col gap-3 p-4"
      aria-label={`Reported ${KIND_LABELS[item.targetKind].toLowerCase()}`}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{KIND_LABELS[item.targetKind]}</Badge>
        <span className="font-medium text-sm">
          {item.reportCount} {item.reportCount === 1 ? "report" : "reports"}
        </span>
        {reasons.map(([reason, n]) => (
          <Badge key={reason} variant="outline">
            {REPORT_REASON_LABELS[reason]} × {n}
          </Badge>
        ))}
        {item.harmKinds.map((kind) => (
          <Badge key={kind} variant="destructive">
            {ILLEGAL_HARM_LABELS[kind]}
          </Badge>
        ))}
        {item.context.hidden ? <Badge variant="outline">Hidden</Badge> : null}
        {item.context.deleted ? <Badge variant="outline">Gone</Badge> : null}
        {item.unconfirmedCount > 0 ? (
          // Visitors' reports whose address is not confirmed yet (docs/decisions/079).
          <Badge variant="outline">{item.unconfirmedCount} unconfirmed</Badge>
        ) : null}
        {/* Its age: how long the item has waited (illegal content comes first, decision 079). */}
        <RelativeTime
          value={item.firstReportedAt}
          prefix="First reported"
          className="text-muted-foreground text-sm"
        />
      </div>
      <div className="flex flex-col gap-1 rounded-md border bg-muted/40 p-3 text-sm">
        {item.targetKind === "tag" ? <TagContext item={item} /> : <PostContext item={item} />}
      </div>
      {item.details.length > 0 ? (
        <ul className="list-disc pl-5 text-muted-foreground text-sm">
          {item.details.map((detail, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the details of one item never reorder
            <li key={index}>{detail}</li>
          ))}
        </ul>
      ) : null}
      <ActionButtons item={item} />
    </Card>
  );
}

function AppealCard({ appeal }: { appeal: QueueAppeal }) {
  const decide = useDecideAppeal();
  const decision = (choice: "keep" | "reverse", label: string) => (
    <ReasonDialog
      title={label}
      description="The member is told the decision and the reason."
      confirmLabel={label}
      trigger={
        <Button variant={choice === "keep" ? "outline" : "secondary"} size="sm">
          {label}
        </Button>
      }
      onConfirm={async ({ reason }) => {
        await decide.mutateAsync({ id: appeal.id, decision: choice, reason });
        toast.success("Appeal decided");
      }}
    />
  );
  return (
    <Card className="flex flex-col gap-2 p-4" aria-label={`Appeal by ${appeal.memberName}`}>
      <p className="text-sm">
        <strong>{appeal.memberName}</strong> appeals the {appeal.action.action} of a{" "}
        {appeal.action.targetKind} (reason given: {appeal.action.reason})
      </p>
      <p className="whitespace-pre-line break-words rounded-md border bg-muted/40 p-3 text-sm">
        {appeal.message}
      </p>
      <div className="flex flex-wrap gap-2">
        {decision("keep", "Keep the decision")}
        {decision("reverse", "Reverse it")}
      </div>
    </Card>
  );
}

/** The CMS Reports tab (moderators and admins): open reports by item, and appeals. */
export function ReportsTab() {
  const queue = useModerationQueue();
  if (queue.isPending) return <p className="text-muted-foreground text-sm">Loading reports...</p>;
  if (queue.isError) {
    return (
      <div className="flex items-center gap-3 text-sm">
        <p>Failed to load reports.</p>
        <Button variant="outline" size="sm" onClick={() => void queue.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { items, appeals, held, heldPosts } = queue.data;
  return (
    <div className="flex flex-col gap-6">
      <HeldPosts posts={heldPosts} />
      <section aria-labelledby="open-reports" className="flex flex-col gap-3">
        <h2 id="open-reports" className="font-semibold text-xl">
          Open reports
        </h2>
        {items.length === 0 ? (
          <p className="text-muted-foreground text-sm">No open reports.</p>
        ) : (
          items.map((item) => <QueueCard key={`${item.targetKind}:${item.targetId}`} item={item} />)
        )}
      </section>
      <section aria-labelledby="open-appeals" className="flex flex-col gap-3">
        <h2 id="open-appeals" className="font-semibold text-xl">
          Appeals
        </h2>
        {appeals.length === 0 ? (
          <p className="text-muted-foreground text-sm">No open appeals.</p>
        ) : (
          appeals.map((appeal) => <AppealCard key={appeal.id} appeal={appeal} />)
        )}
      </section>
      <ModeratorEdits />
      <HeldSubmissions items={held} />
    </div>
  );
}
