import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { cmsOverviewQueryKey } from "@/client/lib/query-keys";
import type { DataRequestItem, DataRequestStatus } from "@/shared/api-types";
import { dataRequestsQueryKey } from "./get-data-requests";

/**
 * Moves a request one step forward; completing it takes the note mailed to the requester. 409
 * when someone else already moved it.
 */
export function advanceDataRequest(change: {
  id: string;
  status: DataRequestStatus;
  note?: string;
}): Promise<DataRequestItem> {
  return api.patch<DataRequestItem>(`/api/inbox/data-requests/${encodeURIComponent(change.id)}`, {
    body: { status: change.status, note: change.note },
  });
}

export function useAdvanceDataRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: advanceDataRequest,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: dataRequestsQueryKey });
      await queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey });
    },
  });
}
