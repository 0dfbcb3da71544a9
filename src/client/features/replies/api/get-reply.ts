import { api } from "@/client/lib/api-client";
import type { ReplyItem } from "@/shared/api-types";

/** GET /api/replies/{id}: one reply as the thread shows it; 404 once its discussion is gone. */
export function getReply(id: string, signal?: AbortSignal): Promise<ReplyItem> {
  return api.get<ReplyItem>(`/api/replies/${encodeURIComponent(id)}`, { signal });
}
