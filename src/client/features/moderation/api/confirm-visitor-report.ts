import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";

/** POST /api/moderation/visitor-reports/confirm: the link mailed to a reporter's address. */
export function confirmVisitorReport(token: string): Promise<{ confirmed: true }> {
  return api.post<{ confirmed: true }>("/api/moderation/visitor-reports/confirm", {
    body: { token },
  });
}

export function useConfirmVisitorReport() {
  return useMutation({ mutationFn: confirmVisitorReport });
}
