import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ReceivedResponse } from "@/shared/api-types";
import type { ContactInput } from "@/shared/schemas";

export function sendContactMessage(input: ContactInput): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/contact", { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
