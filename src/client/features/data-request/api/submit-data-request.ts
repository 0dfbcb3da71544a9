import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ReceivedResponse } from "@/shared/api-types";
import type { DataRequestInput } from "@/shared/schemas";
import type { SpamFields } from "@/shared/spam";

export function submitDataRequest(input: DataRequestInput & SpamFields): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/data-requests", { body: input });
}

export function useSubmitDataRequest() {
  return useMutation({ mutationFn: submitDataRequest });
}
