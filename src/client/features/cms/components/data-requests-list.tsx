import { LoadMoreButton } from "@/client/components/load-more-button";
import { RelativeTime } from "@/client/components/relative-time";
import { TabFallback } from "@/client/components/tab-fallback";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useAdvanceDataRequest } from "@/client/features/cms/api/advance-data-request";
import { useDataRequests } from "@/client/features/cms/api/get-data-requests";
import { ApiError } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { DataRequestItem, DataRequestStatus } from "@/shared/api-types";
import { DATA_REQUEST_TYPES } from "@/shared/constants";
import { type LaterDataRequestStatus, nextDataRequestStatus } from "@/shared/data-request-status";

const STATUS_LABELS: Record<DataRequestStatus, string> = {
  pending: "Pending",
  in_progress: "In progress",
  completed: "Completed",
};

/** The button that moves a request on, by the status it moves it to. */
const MOVE_LABELS: Record<LaterDataRequestStatus, string> = {
  in_progress: "Start",
  completed: "Mark completed",
};

/** The one step forward from `status` (shared with the server), and its button. */
function nextStep(status: DataRequestStatus) {
  const next = nextDataRequestStatus(status);
  return next ? { status: next, label: MOVE_LABELS[next] } : null;
}

function typeLabel(type: string): string {
  const known = DATA_REQUEST_TYPES.find((entry) => entry.value === type);
  return known ? `${known.label} (${known.article})` : type;
}

function DataRequestRow({ request }: { request: DataRequestItem }) {
  const advance = useAdvanceDataRequest();
  const next = nextStep(request.status);
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="font-semibold">{typeLabel(request.requestType)}</h3>
          <Badge variant={request.status === "completed" ? "outline" : "secondary"}>
            {STATUS_LABELS[request.status]}
          </Badge>
        </div>
        <p className="text-muted-foreground text-sm">
          {request.fullName} &lt;{request.email}&gt; ·{" "}
          <RelativeTime value={request.createdAt} prefix="Received" />
        </p>
        {request.details ? (
          <p className="whitespace-pre-line wrap-anywhere text-sm">{request.details}</p>
        ) : null}
        {next ? (
          <div>
            <Button
              size="sm"
              variant="outline"
              disabled={advance.isPending}
              onClick={() =>
                advance.mutate(
                  { id: request.id, status: next.status },
                  {
                    onSuccess: () =>
                      toast.success("Request updated", {
                        description: `Now ${STATUS_LABELS[next.status].toLowerCase()}.`,
                      }),
                    onError: (error) =>
                      toast.error("Failed to update the request.", {
                        description: error instanceof ApiError ? error.message : undefined,
                      }),
                  },
                )
              }
            >
              {advance.isPending ? "Saving..." : next.label}
            </Button>
          </div>
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
