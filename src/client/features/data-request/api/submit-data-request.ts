import { useIdempotentMutation } from "@/client/hooks/use-idempotent-mutation";
import { api } from "@/client/lib/api-client";
import type { ReceivedResponse } from "@/shared/api-types";
import type { DataRequestInput } from "@/shared/schemas";
import type { SpamFields } from "@/shared/spam";

export function submitDataRequest(
  input: DataRequestInput & SpamFields,
  idempotencyKey?: string,
): Promise<ReceivedResponse> {
  return api.post<ReceivedResponse>("/api/data-requests", { body: input, idempotencyKey });
}

export function useSubmitDataRequest() {
  return useIdempotentMutation({ send: submitDataRequest });
}
