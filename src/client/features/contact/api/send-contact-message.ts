import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import type { ReceivedResponse } from "@/shared/api-types";
import type { ContactInput } from "@/shared/schemas";

export function sendContactMessage(
  input: ContactInput,
  idempotencyKey?: string,
): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/contact", { body: input, idempotencyKey });
}

export function useSendContactMessage() {
  return useIdempotentMutation({ send: sendContactMessage });
}
