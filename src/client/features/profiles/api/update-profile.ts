import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import { membersQueryKey, profilesQueryKey } from "@/client/lib/query-keys";
import { sessionQueryKey } from "@/client/lib/session/get-session";
import type { OwnProfile } from "@/shared/api-types";
import type { ProfileValues } from "@/shared/schemas";

export function updateProfile(values: ProfileValues): Promise<OwnProfile> {
  return api.patch<OwnProfile>("/api/profiles/me", { body: values });
}

/** Queries showing a member's name, avatar or bio: the header (session), profiles, the directory. */
const SHOWS_PROFILE_DATA = new Set<unknown>([
  sessionQueryKey[0],
  profilesQueryKey[0],
  membersQueryKey[0],
]);

export function showsProfileData(query: { queryKey: readonly unknown[] }): boolean {
  return SHOWS_PROFILE_DATA.has(query.queryKey[0]);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSettled: () =>
      queryClient.invalidateQueries({
        predicate: showsProfileData,
      }),
  });
}
