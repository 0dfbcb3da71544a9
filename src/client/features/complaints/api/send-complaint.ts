import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import type { ComplaintAnswer, ComplaintInput } from "@/shared/complaints";
import type { SpamFields } from "@/shared/spam";

/** POST /api/complaints: anyone's complaint (docs/decisions/081). */
export function sendComplaint(
  complaint: ComplaintInput & SpamFields,
  idempotencyKey?: string,
): Promise<ComplaintAnswer> {
  return api.post<ComplaintAnswer>("/api/complaints", { body: complaint, idempotencyKey });
}

export function useSendComplaint() {
  return useIdempotentMutation({ send: sendComplaint });
}
