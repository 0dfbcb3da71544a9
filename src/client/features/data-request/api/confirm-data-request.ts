import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

/** POST /api/data-requests/confirm: the link mailed to the request's address. */
export function confirmDataRequest(token: string): Promise<{ confirmed: true }> {
  return api.post<{ confirmed: true }>("/api/data-requests/confirm", { body: { token } });
}

export function useConfirmDataRequest() {
  return useMutation({ mutationFn: confirmDataRequest });
}
