import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { cmsOverviewQueryKey } from "@/client/lib/query-keys";
import type { DataRequestItem } from "@/shared/api-types";
import type { EraseAccountInput } from "@/shared/schemas";
import { dataRequestsQueryKey } from "./get-data-requests";

const base = (id: string) => `/api/inbox/data-requests/${encodeURIComponent(id)}`;

/** "Export data": the requester's data, mailed to the request's address (202). */
export function exportDataRequest(id: string): Promise<DataRequestItem> {
  return api.post<DataRequestItem>(`${base(id)}/export`);
}

/** "Erase account": the confirmed requester's account, with the admin's reason. */
export function eraseDataRequest(change: { id: string } & EraseAccountInput) {
  const { id, ...body } = change;
  return api.post<DataRequestItem>(`${base(id)}/erase`, { body });
}

/** Mails the confirmation link to the request's address again. */
export function resendDataRequestLink(id: string): Promise<unknown> {
  return api.post<unknown>(`${base(id)}/confirmation`);
}

function useInboxMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: dataRequestsQueryKey });
      await queryClient.invalidateQueries({ queryKey: cmsOverviewQueryKey });
    },
  });
}

export const useExportDataRequest = () => useInboxMutation(exportDataRequest);
export const useEraseDataRequest = () => useInboxMutation(eraseDataRequest);
export const useResendDataRequestLink = () => useInboxMutation(resendDataRequestLink);
