import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DataRequestItem, DataRequestStatus } from "@/shared/api-types";
import { dataRequestsQueryKey } from "./get-data-requests";

/** Moves a request one step forward; 409 when someone else already moved it. */
export function advanceDataRequest(change: {
  id: string;
  status: DataRequestStatus;
}): Promise<DataRequestItem> {
  return api.patch<DataRequestItem>(`/api/inbox/data-requests/${encodeURIComponent(change.id)}`, {
    body: { status: change.status },
  });
}

export function useAdvanceDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceDataRequest,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dataRequestsQueryKey }),
  });
}
