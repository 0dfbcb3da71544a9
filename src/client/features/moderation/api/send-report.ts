import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import type { ReportInput, ReportTarget } from "@/shared/moderation";

export type ReportRequest = ReportInput & { targetKind: ReportTarget; targetId: string };

/** A member reports a discussion, a reply, a profile or a tag (once per item). */
export function sendReport(
  report: ReportRequest,
  idempotencyKey?: string,
): Promise<{ message: string }> {
  return api.post<{ message: string }>("/api/moderation/reports", { body: report, idempotencyKey });
}

export function useSendReport() {
  return useIdempotentMutation({ send: sendReport });
}
