// Complaints (docs/decisions/081), for the inbox's readers: each with its status, owner, due date
// and age, overdue first, as the server orders them; the data requests' clock and steps.
import { format } from "date-fns";
import { RelativeTime } from "@/client/components/relative-time";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useComplaints } from "@/client/features/complaints/api/get-complaints";
import { useUpdateComplaint } from "@/client/features/complaints/api/update-complaint";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import {
  COMPLAINT_KIND_LABELS,
  COMPLAINT_RESPONSE_DAYS,
  COMPLAINT_STATUS_LABELS,
  type ComplaintItem,
} from "@/shared/complaints";
import { ResolveComplaintDialog } from "./resolve-complaint-dialog";

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The clock: the due date, the days left or past it. */
function clockText(complaint: ComplaintItem): string {
  const due = `Due ${format(new Date(complaint.dueAt), "d MMM yyyy")}`;
  if (complaint.overdue) return `${due} · ${plural(-complaint.daysLeft || 1, "day")} overdue`;
  return `${due} · ${plural(complaint.daysLeft, "day")} left`;
}

type Owner = { id: string; name: string };

function ComplaintRow({ complaint, owners }: { complaint: ComplaintItem; owners: Owner[] }) {
  const update = useUpdateComplaint();
  const open = complaint.status !== "completed";
  const failed = (error: unknown) =>
    toast.error("Failed to update the complaint.", {
      description: error instanceof ApiError ? error.message : undefined,
    });
  const ownerSelect = `complaint-owner-${complaint.id}`;
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{COMPLAINT_KIND_LABELS[complaint.kind]}</h3>
          <div className="flex gap-2">
            {complaint.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
            <Badge variant={open ? "secondary" : "outline"}>
              {COMPLAINT_STATUS_LABELS[complaint.status]}
            </Badge>
          </div>
        </div>
        <p className="text-muted-foreground text-sm">
          {complaint.email ?? "Address erased"}
          {complaint.member ? " (a member)" : ""} ·{" "}
          <RelativeTime value={complaint.receivedAt} prefix="Received" />
        </p>
        {complaint.link ? (
          // Shown as text, never as a link: it is what the complainant typed.
          <p className="wrap-anywhere text-sm">
            <span className="text-muted-foreground">Link given: </span>
            <code>{complaint.link}</code>
          </p>
        ) : null}
        <p className="whitespace-pre-line wrap-anywhere text-sm">{complaint.message}</p>
        {open ? (
          <p className={complaint.overdue ? "font-medium text-destructive text-sm" : "text-sm"}>
            {clockText(complaint)}
          </p>
        ) : complaint.resolvedAt ? (
          <p className="text-sm">
            <RelativeTime value={complaint.resolvedAt} prefix="Resolved" />
          </p>
        ) : null}
        {complaint.outcome ? (
          <p className="whitespace-pre-line break-words border-l-2 pl-3 text-sm">
            {complaint.outcome}
          </p>
        ) : null}
        <div className="flex flex-wrap items-end gap-3">
          <div className="grid gap-1">
            <Label htmlFor={ownerSelect} className="text-xs">
              Owner
            </Label>
            <NativeSelect
              id={ownerSelect}
              className="h-8 text-sm"
              value={complaint.owner?.id ?? ""}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { id: complaint.id, ownerId: event.target.value || null },
                  { onError: failed },
                )
              }
            >
              <option value="">Nobody yet</option>
              {owners.map((owner) => (
                <option key={owner.id} value={owner.id}>
                  {owner.name}
                </option>
              ))}
            </NativeSelect>
          </div>
          {complaint.status === "pending" ? (
            <Button
              size="sm"
              variant="outline"
              disabled={update.isPending}
              onClick={() =>
                update.mutate({ id: complaint.id, status: "in_progress" }, { onError: failed })
              }
            >
              Start
            </Button>
          ) : null}
          {complaint.status === "in_progress" ? (
            <ResolveComplaintDialog complaint={complaint} />
          ) : null}
        </div>
      </Card>
    </li>
  );
}

/** The Complaints tab: open ones (overdue first, then by due date), then the latest resolved. */
export function ComplaintsTab() {
  const complaints = useComplaints();
  const list = complaints.data?.complaints ?? [];
  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Complaints"
        description={`About content, moderation decisions and how the site meets its duties. Answer within ${COMPLAINT_RESPONSE_DAYS} days; the outcome is emailed to the complainant.`}
      />
      {complaints.isPending ? (
        <TabFallback />
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {complaints.isError ? "Failed to load complaints." : "No complaints yet."}
        </p>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Complaints">
          {list.map((complaint) => (
            <ComplaintRow
              key={complaint.id}
              complaint={complaint}
              owners={complaints.data?.owners ?? []}
            />
          ))}
        </ul>
      )}
    </div>
  );
}
