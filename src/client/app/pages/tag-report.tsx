import { ReportButton } from "@/client/features/moderation/components/report-button";
import { useTag } from "@/client/features/tags/api/get-tag";

/**
 * "Report" for the tag the forum is narrowed to (docs/decisions/070), for signed-in members:
 * the tag's id comes from GET /api/tags/{name}; nothing while it loads or for a tag not found.
 */
export function TagReport({ tag }: { tag: string }) {
  const found = useTag(tag);
  if (!found.data) return null;
  return (
    <ReportButton targetKind="tag" targetId={found.data.id} label={`the tag #${found.data.name}`} />
  );
}
