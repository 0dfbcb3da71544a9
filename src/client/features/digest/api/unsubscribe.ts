import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { DigestSetting } from "@/shared/digest";

/** The digest mail's link, signed out: the token is the credential (docs/decisions/073). */
export function unsubscribeFromDigest(token: string): Promise<DigestSetting> {
  return api.post<DigestSetting>(`/api/digest/unsubscribe?token=${encodeURIComponent(token)}`);
}

export function useUnsubscribeFromDigest() {
  return useMutation({ mutationFn: unsubscribeFromDigest });
}
