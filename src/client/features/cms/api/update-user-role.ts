import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { membersQueryKey, profilesQueryKey } from "@/client/lib/query-keys";
import { sessionQueryKey } from "@/client/lib/session/get-session";
import type { RoleChangeResponse } from "@/shared/api-types";
import type { Role } from "@/shared/permissions";
import { usersQueryKey } from "./get-users";

/** docs/product.md §7: the reason the admin panel records with every change. */
export const ROLE_CHANGE_REASON = "Role updated via admin panel";

export function updateUserRole(change: { id: string; role: Role }): Promise<RoleChangeResponse> {
  return api.put<RoleChangeResponse>(`/api/users/${encodeURIComponent(change.id)}/role`, {
    body: { role: change.role, reason: ROLE_CHANGE_REASON },
  });
}

export function useUpdateUserRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateUserRole,
    // docs/product.md §7: the list reloads; the members directory and profiles show role badges too, and
    // an admin who changed their own role gets the tabs of the new one.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
        queryClient.invalidateQueries({ queryKey: usersQueryKey }),
        queryClient.invalidateQueries({ queryKey: membersQueryKey }),
        queryClient.invalidateQueries({ queryKey: profilesQueryKey }),
      ]),
  });
}
