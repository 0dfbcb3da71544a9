import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DeleteAccountInput } from "@/shared/schemas";

/**
 * POST /api/account/delete: erases the account for good. A wrong password answers 400 with
 * `fields.password`; the last admin gets 409 `LAST_ADMIN`.
 */
export function deleteAccount(input: DeleteAccountInput): Promise<unknown> {
  return api.post<unknown>("/api/account/delete", { body: input });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
