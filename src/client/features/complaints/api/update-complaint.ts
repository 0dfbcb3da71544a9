import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ComplaintItem, ComplaintStatus } from "@/shared/complaints";
import { complaintsQueryKey } from "./get-complaints";

export type ComplaintChange = {
  id: string;
  ownerId?: string | null;
  status?: ComplaintStatus;
  outcome?: string;
};

/** Assigns an owner, moves the status forward, or resolves with the outcome that is mailed. */
export function updateComplaint({ id, ...change }: ComplaintChange): Promise<ComplaintItem> {
  return api.patch<ComplaintItem>(`/api/complaints/${encodeURIComponent(id)}`, { body: change });
}

export function useUpdateComplaint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateComplaint,
    onSettled: () => queryClient.invalidateQueries({ queryKey: complaintsQueryKey }),
  });
}
