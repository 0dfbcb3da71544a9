import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { useSaveOnlineSafetyRecord } from "../api/save-online-safety-record";

/** Saving one record: the field errors of a 400 and a toast either way. */
export function useRecordForm(path: string, savedMessage: string) {
  const save = useSaveOnlineSafetyRecord(path);
  const fields = save.error instanceof ApiError ? (save.error.fields ?? {}) : {};
  const submit = (body: unknown) =>
    save.mutate(body, {
      onSuccess: (version) => toast.success(`${savedMessage} (version ${version.version})`),
      onError: (error) => toast.error(errorMessage(error)),
    });
  return { submit, pending: save.isPending, fields };
}
