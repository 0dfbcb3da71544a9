import { Skeleton } from "../components/ui/skeleton";

/** Shown in the page area while a page's code is loading on the first visit. */
export function PageFallback() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-12">
      <span role="status" className="sr-only">
        Loading...
      </span>
      <Skeleton className="h-10 w-2/3 max-w-md" />
      <Skeleton className="mt-6 h-4 w-full max-w-2xl" />
      <Skeleton className="mt-3 h-4 w-5/6 max-w-xl" />
    </div>
  );
}
