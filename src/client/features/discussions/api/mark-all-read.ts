import { api } from "@/client/lib/api-client";

/** Marks everything (or one category's discussions) as read for the member (decision 071). */
export function markAllRead(category?: string): Promise<void> {
  return api.post<void>("/api/discussions/mark-all-read", {
    body: category ? { category } : {},
  });
}
