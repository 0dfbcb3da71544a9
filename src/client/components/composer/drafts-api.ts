// GET, PUT and DELETE /api/drafts/{place}: the viewer's own draft at a composer's place
// (docs/decisions/065). Read once when a composer opens, so no query cache holds it.
import { api } from "@/client/lib/api-client";
import type { Draft } from "@/shared/api-types";

export type DraftText = { title: string | null; content: string };

const draftUrl = (place: string) => `/api/drafts/${encodeURIComponent(place)}`;

export async function getDraft(place: string, signal?: AbortSignal): Promise<Draft | null> {
  return (await api.get<{ draft: Draft | null }>(draftUrl(place), { signal })).draft;
}

export async function putDraft(place: string, text: DraftText): Promise<void> {
  await api.put(draftUrl(place), { body: text });
}

export async function deleteDraft(place: string): Promise<void> {
  await api.delete(draftUrl(place));
}

/**
 * The same save as the page goes away (a closed tab, a phone's browser sent to the
 * background): `keepalive` lets the request outlive the page.
 */
export function putDraftAsThePageCloses(place: string, text: DraftText): void {
  void fetch(draftUrl(place), {
    method: "PUT",
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "application/json", accept: "application/json" },
    body: JSON.stringify(text),
  }).catch(() => undefined);
}
