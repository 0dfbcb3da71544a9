import { format } from "date-fns";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { RelativeTime } from "@/client/components/relative-time";
import { TabFallback } from "@/client/components/tab-fallback";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import {
  useExportDataRequest,
  useResendDataRequestLink,
} from "@/client/features/cms/api/act-on-data-request";
import { useAdvanceDataRequest } from "@/client/features/cms/api/advance-data-request";
import { useDataRequests } from "@/client/features/cms/api/get-data-requests";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { DataRequestItem, DataRequestStatus } from "@/shared/api-types";
import { DATA_REQUEST_TYPES } from "@/shared/constants";
import { CompleteRequestDialog, EraseAccountDialog } from "./data-request-dialogs";

const STATUS_LABELS: Record<DataRequestStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
};

function typeLabel(type: string): string {
  const known = DATA_REQUEST_TYPES.find((entry) => entry.value === type);
  return known ? `${known.label} (${known.article})` : type;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The one-month clock: the deadline, the days left or past it. */
function clockText(request: DataRequestItem): string {
  const due = `Due ${format(new Date(request.deadline), "d MMM yyyy")}`;
  if (request.overdue) return `${due} · ${plural(-request.daysLeft || 1, "day")} overdue`;
  return `${due} · ${plural(request.daysLeft, "day")} left`;
}

function DataRequestRow({ request }: { request: DataRequestItem }) {
  const advance = useAdvanceDataRequest();
  const exportData = useExportDataRequest();
  const resend = useResendDataRequestLink();
  const open = request.status !== "completed";
  // "Export data" and "Erase account" act on an account: its address's owner must confirm first.
  const canAct = open && request.matchedAccount && request.confirmedAt !== null;
  const failed = (title: string) => (error: unknown) =>
    toast.error(title, { description: error instanceof ApiError ? error.message : undefined });
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{typeLabel(request.requestType)}</h3>
          <div className="flex gap-2">
            {request.overdue ? <Badge variant="destructive">Overdue</Badge> : null}
            {request.suspectedSpam ? <Badge variant="outline">Suspected spam</Badge> : null}
            <Badge variant={request.status === "completed" ? "outline" : "secondary"}>
              {STATUS_LABELS[request.status]}
            </Badge>
          </div>
        </div>
        <p className="text-muted-foreground text-sm">
          {request.fullName} &lt;{request.email}&gt; ·{" "}
          <RelativeTime value={request.createdAt} prefix="Received" />
        </p>
        {request.details ? (
          <p className="whitespace-pre-line wrap-anywhere text-sm">{request.details}</p>
        ) : null}
        <ul className="grid gap-1 text-sm">
          {open ? (
            <li className={request.overdue ? "font-medium text-destructive" : undefined}>
              {clockText(request)}
            </li>
          ) : request.completedAt ? (
            <li>
              <RelativeTime value={request.completedAt} prefix="Completed" />
            </li>
          ) : null}
          <li className="text-muted-foreground">
            {request.matchedAccount ? "Matches an account" : "No account uses this address"}
            {" · "}
            {request.confirmedAt ? (
              <RelativeTime value={request.confirmedAt} prefix="Confirmed by the requester" />
            ) : (
              "Not confirmed by the requester yet"
            )}
          </li>
        </ul>
        {request.completionNote ? (
          <p className="whitespace-pre-line break-words border-l-2 pl-3 text-sm">
            {request.completionNote}
          </p>
        ) : null}
        {open ? (
          <div className="flex flex-wrap gap-2">
            {request.status === "pending" ? (
              <Button
                size="sm"
                variant="outline"
                disabled={advance.isPending}
                onClick={() =>
                  advance.mutate(
                    { id: request.id, status: "in_progress" },
                    {
                      onSuccess: () =>
                        toast.success("Request updated", { description: "Now in progress." }),
                      onError: failed("Failed to update the request."),
                    },
                  )
                }
              >
                {advance.isPending ? "Saving..." : "Start"}
              </Button>
            ) : (
              <CompleteRequestDialog request={request} />
            )}
            {canAct ? (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={exportData.isPending}
                  onClick={() =>
                    exportData.mutate(request.id, {
                      onSuccess: () =>
                        toast.success("Export sent", {
                          description: `The data is being prepared and will be emailed to ${request.email}.`,
                        }),
                      onError: failed("Failed to export the data."),
                    })
                  }
                >
                  {exportData.isPending ? "Exporting..." : "Export data"}
                </Button>
                <EraseAccountDialog request={request} />
              </>
            ) : null}
            {!request.confirmedAt ? (
              <Button
                size="sm"
                variant="ghost"
                disabled={resend.isPending}
                onClick={() =>
                  resend.mutate(request.id, {
                    onSuccess: () =>
                      toast.success("Link sent", {
                        description: `We emailed the confirmation link to ${request.email}.`,
                      }),
                    onError: failed("Failed to send the link."),
                  })
                }
              >
                Send confirmation link again
              </Button>
            ) : null}
          </div>
        ) : null}
        {open && request.matchedAccount && !request.confirmedAt ? (
          <p className="text-muted-foreground text-xs">
            Export data and Erase account become available once the requester confirms through the
            link emailed to this address.
          </p>
        ) : null}
      </Card>
    </li>
  );
}

/** UK GDPR requests, newest first; each is answered within 30 days. */
export function DataRequestsList() {
  const requests = useDataRequests();
  const list = requests.data?.pages.flatMap((page) => page.requests) ?? [];
  if (requests.isPending) return <TabFallback />;
  if (list.length === 0) {
    return (
      <p className="py-8 text-center text-muted-foreground">
        {requests.isError ? "Failed to load data requests." : "No data requests yet."}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Data requests">
        {list.map((request) => (
          <DataRequestRow key={request.id} request={request} />
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={requests.hasNextPage}
        isFetchingNextPage={requests.isFetchingNextPage}
        fetchNextPage={requests.fetchNextPage}
        label="Load more requests"
      />
    </div>
  );
}
