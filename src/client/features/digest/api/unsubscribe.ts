import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DigestSetting } from "@/shared/digest";
import { digestQueryKey } from "./digest-setting";

/** The digest mail's link, signed out: the token is the credential (docs/decisions/073). */
export function unsubscribeFromDigest(token: string): Promise<DigestSetting> {
  return api.post<DigestSetting>(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
}

export function useUnsubscribeFromDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unsubscribeFromDigest,
    // Asked again rather than set: the link may be another account's than the one signed in.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: digestQueryKey }),
  });
}
