import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { ChangePasswordInput } from "@/shared/schemas";
import { accountSessionsQueryKey } from "./get-sessions";

/**
 * Changes the password; every other session ends, this one stays signed in. A wrong current
 * password answers 400 with `fields.currentPassword`.
 */
export function changePassword(input: ChangePasswordInput): Promise<unknown> {
  return api.post<unknown>("/api/auth/change-password", {
    body: { currentPassword: input.currentPassword, newPassword: input.newPassword },
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountSessionsQueryKey }),
  });
}
