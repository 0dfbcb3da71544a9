import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import type { VisitorReportInput } from "@/shared/moderation";
import type { SpamFields } from "@/shared/spam";

/** A visitor reports a discussion or a reply with an address (docs/decisions/079). */
export function sendVisitorReport(
  report: VisitorReportInput & SpamFields,
  idempotencyKey?: string,
): Promise<{ message: string }> {
  return api.post<{ message: string }>("/api/moderation/visitor-reports", {
    body: report,
    idempotencyKey,
  });
}

export function useSendVisitorReport() {
  return useIdempotentMutation({ send: sendVisitorReport });
}
