// The queue's held form submissions (docs/decisions/034): what the spam defences kept back from
// the sign-up, contact and newsletter forms, for a moderator to release or discard.

import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useDecideHeldSubmission } from "@/client/features/moderation/api/decide-held-submission";
import { toast } from "@/client/lib/toast";
import { HELD_KIND_LABELS, type HeldSubmission, HOLD_REASON_LABELS } from "@/shared/spam";
import { ReasonDialog } from "./reason-dialog";

const FIELD_LABELS: Record<string, string> = {
  name: "Name",
  email: "Email",
  subject: "Subject",
  message: "Message",
  targetKind: "Reported",
  targetId: "Item",
  reason: "Reason",
  harmKind: "Kind of illegal content",
  details: "Details",
};

/** What releasing does, per kind. */
const RELEASE_EFFECT = {
  sign_up: "The account is created and its confirmation email is sent.",
  contact: "The message appears in the Inbox.",
  newsletter: "The confirmation email is sent.",
  report: "The report joins the queue and its acknowledgement is sent.",
  complaint: "The complaint joins the Complaints list and its acknowledgement is sent.",
} as const;

function HeldCard({ item }: { item: HeldSubmission }) {
  const decide = useDecideHeldSubmission();
  const label = HELD_KIND_LABELS[item.kind];
  const decision = (choice: "release" | "discard", text: string, description: string) => (
    <ReasonDialog
      title={`${text}: ${label.toLowerCase()}`}
      description={description}
      confirmLabel={text}
      trigger={
        <Button
          variant={choice === "release" ? "secondary" : "outline"}
          size="sm"
          aria-label={`${text} (${label}${item.fields.email ? ` from ${item.fields.email}` : ""})`}
        >
          {text}
        </Button>
      }
      onConfirm={async ({ reason }) => {
        await decide.mutateAsync({ id: item.id, decision: choice, reason });
        toast.success(choice === "release" ? "Released" : "Discarded");
      }}
    />
  );
  return (
    <Card className="flex flex-col gap-3 p-4" aria-label={`Held ${label.toLowerCase()}`}>
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="secondary">{label}</Badge>
        <Badge variant="outline">{HOLD_REASON_LABELS[item.reason]}</Badge>
        <span className="text-muted-foreground text-sm">
          <RelativeTime value={item.at} prefix="Sent" />
        </span>
        {item.releaseAt ? (
          <span className="text-sm">
            {Date.parse(item.releaseAt) > Date.now() ? (
              <RelativeTime value={item.releaseAt} prefix="Goes out by itself" />
            ) : (
              "Going out now"
            )}
          </span>
        ) : null}
      </div>
      <dl className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
        {Object.entries(item.fields).map(([field, value]) => (
          <div key={field} className="contents">
            <dt className="font-medium">{FIELD_LABELS[field] ?? field}</dt>
            <dd className="line-clamp-6 whitespace-pre-line break-words">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="flex flex-wrap gap-2">
        {decision("release", "Release", `${RELEASE_EFFECT[item.kind]} The reason is recorded.`)}
        {decision("discard", "Discard", "Nothing is sent or stored. The reason is recorded.")}
      </div>
    </Card>
  );
}

/** Held form submissions, oldest first. */
export function HeldSubmissions({ items }: { items: readonly HeldSubmission[] }) {
  return (
    <section aria-labelledby="held-submissions" className="flex flex-col gap-3">
      <h2 id="held-submissions" className="font-semibold text-xl">
        Held form submissions
      </h2>
      <p className="text-muted-foreground text-sm">
        Sign-ups, contact messages and newsletter subscriptions that filled the hidden field, came
        without a valid form or were sent too fast. Those sent too fast with a valid form go out by
        themselves after a delay unless you discard them; the others wait for you.
      </p>
      {items.length === 0 ? (
        <p className="text-muted-foreground text-sm">No held submissions.</p>
      ) : (
        items.map((item) => <HeldCard key={item.id} item={item} />)
      )}
    </section>
  );
}
