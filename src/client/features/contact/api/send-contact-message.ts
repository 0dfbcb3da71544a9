import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ReceivedResponse } from "@/shared/api-types";
import type { ContactInput } from "@/shared/schemas";
import type { SpamFields } from "@/shared/spam";

export function sendContactMessage(input: ContactInput & SpamFields): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/contact", { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
