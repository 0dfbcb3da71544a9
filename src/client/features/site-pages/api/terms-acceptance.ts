import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { TermsAcceptance } from "@/shared/api-types";

/** The signed-in member's acceptance of the Terms of Service (docs/decisions/082). */
export const termsAcceptanceQueryKey = ["terms-acceptance"] as const;

export function getTermsAcceptance(signal?: AbortSignal): Promise<TermsAcceptance> {
  return api.get<TermsAcceptance>("/api/account/terms", { signal });
}

export function termsAcceptanceQueryOptions() {
  return queryOptions({
    queryKey: termsAcceptanceQueryKey,
    queryFn: ({ signal }) => getTermsAcceptance(signal),
  });
}

export function useTermsAcceptance(enabled: boolean) {
  return useQuery({ ...termsAcceptanceQueryOptions(), enabled });
}

export function acceptTerms(version: number): Promise<TermsAcceptance> {
  return api.post<TermsAcceptance>("/api/account/terms", { body: { version } });
}

export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: acceptTerms,
    onSuccess: (answer) => queryClient.setQueryData(termsAcceptanceQueryKey, answer),
  });
}
