import { useMutation } from "@tanstack/react-query";
import type { ReceivedResponse } from "../../../../shared/api-types";
import type { ContactInput } from "../../../../shared/schemas";
import { api } from "../../../lib/api-client";

export function sendContactMessage(input: ContactInput): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/contact", { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
