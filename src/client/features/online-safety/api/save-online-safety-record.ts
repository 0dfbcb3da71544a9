import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { RecordVersion } from "@/shared/online-safety";
import { onlineSafetyQueryKey } from "./get-online-safety";

/** `risk/{kind}`, `assessment`, `children-access` or `responsibility`. */
export type RecordPath = string;

export function saveOnlineSafetyRecord(
  path: RecordPath,
  body: unknown,
): Promise<RecordVersion<unknown>> {
  return api.put<RecordVersion<unknown>>(`/api/cms/online-safety/${path}`, { body });
}

/** Saves a new version; the records and every history are read again. */
export function useSaveOnlineSafetyRecord(path: RecordPath) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: unknown) => saveOnlineSafetyRecord(path, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: onlineSafetyQueryKey }),
  });
}
