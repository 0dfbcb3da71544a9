import { useSiteInfo } from "@/client/features/privacy/api/get-site-info";

/** The configured retention period (RETENTION_MONTHS) in words: "24 months". */
export function RetentionPeriod() {
  const { data, isError } = useSiteInfo();
  if (data) {
    return (
      <strong>
        {data.retentionMonths} month{data.retentionMonths === 1 ? "" : "s"}
      </strong>
    );
  }
  if (isError) return <span>the period we set (it could not be loaded)</span>;
  return (
    <span
      aria-busy="true"
      className="inline-block h-4 w-20 animate-pulse rounded bg-muted align-middle"
    />
  );
}
