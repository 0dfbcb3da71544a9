import { Notice } from "@/client/components/notice";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useSitePage } from "@/client/features/site-pages/api/get-site-page";
import { useScrollToHash } from "@/client/hooks/use-scroll-to-anchor";
import { ApiError } from "@/client/lib/api-client";
import { SitePageText } from "./site-page-text";
import { TermsAcceptancePrompt } from "./terms-acceptance-prompt";

// UTC, so the server's render and the browser's show the same day.
const dateFormat = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/** The Terms of Service staff write in the CMS Pages tab (docs/decisions/030). */
export function TermsOfService() {
  const { data, error, isPending } = useSitePage("terms");
  // A moderation notice links the rule it cites (/terms#rule-spam): the headings exist only once
  // the text has loaded, after the browser and the router have looked for them.
  useScrollToHash(data !== undefined);
  if (isPending) {
    return (
      <div className="grid gap-3" aria-busy="true">
        <Skeleton className="h-5 w-40" />
        <Skeleton className="h-24 w-full" />
      </div>
    );
  }
  if (error) {
    return (
      <Notice tone="error" role="alert">
        {error instanceof ApiError && error.status === 404
          ? "The terms have not been written yet."
          : "The terms could not be loaded. Please try again."}
      </Notice>
    );
  }
  return (
    <>
      {/* Every save is a version (docs/decisions/082): this one's number and date. */}
      <p className="text-muted-foreground text-sm">
        {`Version ${data.version} · Last updated `}
        <time dateTime={data.updatedAt}>{dateFormat.format(new Date(data.updatedAt))}</time>
      </p>
      <div className="mt-6">
        <TermsAcceptancePrompt version={data.version} />
      </div>
      <div className="mt-8">
        <SitePageText content={data.content} />
      </div>
    </>
  );
}
