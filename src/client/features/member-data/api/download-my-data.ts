import { useMutation } from "@tanstack/react-query";
import { ApiError, UNEXPECTED_ERROR_MESSAGE } from "@/client/lib/api-client";
import type { ApiErrorBody, ExportQueued } from "@/shared/api-types";

export type DownloadOutcome = { status: "downloaded" } | ExportQueued;

/** The file name in the answer's Content-Disposition, else a dated default. */
function fileNameOf(response: Response): string {
  const header = response.headers.get("content-disposition") ?? "";
  return /filename="([^"]+)"/.exec(header)?.[1] ?? "my-data.json";
}

/** Hands `blob` to the browser as a download named `name`. */
export function saveFile(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has been handled: revoking at once can cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * POST /api/account/export: the member's data as a file (200), or, when it is large, a link
 * mailed once the job queue has built it (202). Not through api-client: the answer is a file.
 */
export async function downloadMyData(): Promise<DownloadOutcome> {
  let response: Response;
  try {
    response = await fetch("/api/account/export", {
      method: "POST",
      credentials: "same-origin",
      headers: { accept: "application/json" },
    });
  } catch {
    throw new ApiError(0, "NETWORK_ERROR", UNEXPECTED_ERROR_MESSAGE);
  }
  if (response.status === 202) return (await response.json()) as ExportQueued;
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as ApiErrorBody | null;
    throw new ApiError(
      response.status,
      body?.error?.code ?? "UNEXPECTED",
      body?.error?.message ?? UNEXPECTED_ERROR_MESSAGE,
    );
  }
  saveFile(await response.blob(), fileNameOf(response));
  return { status: "downloaded" };
}

export function useDownloadMyData() {
  return useMutation({ mutationFn: downloadMyData });
}
