// A data request's status moves one step forward only (docs/product.md §4.11): pending, then
// in_progress, then completed. The server enforces it; the inbox offers the one next step.
import type { DataRequestStatus } from "./api-types";
import { DATA_REQUEST_STATUSES } from "./constants";

/** A status a request can move to: every one but the first. */
export type LaterDataRequestStatus = Exclude<DataRequestStatus, "pending">;

const NEXT_STATUS: Record<DataRequestStatus, LaterDataRequestStatus | null> = {
  pending: "in_progress",
  in_progress: "completed",
  completed: null,
};

/** The one status a request may move to from `status`; null once it is completed. */
export function nextDataRequestStatus(status: DataRequestStatus): LaterDataRequestStatus | null {
  return NEXT_STATUS[status];
}

/** The status a request must have to move to `status`; null for the first one. */
export function previousDataRequestStatus(status: DataRequestStatus): DataRequestStatus | null {
  return DATA_REQUEST_STATUSES.find((from) => NEXT_STATUS[from] === status) ?? null;
}
