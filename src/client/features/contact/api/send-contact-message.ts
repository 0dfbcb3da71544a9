import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import type { ReceivedResponse } from "@/shared/api-types";
import type { ContactInput } from "@/shared/schemas";
import type { SpamFields } from "@/shared/spam";

export function sendContactMessage(
  input: ContactInput & SpamFields,
  idempotencyKey?: string,
): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/contact", { body: input, idempotencyKey });
}

export function useSendContactMessage() {
  return useIdempotentMutation({ send: sendContactMessage });
}
