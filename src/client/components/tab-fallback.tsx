import { Skeleton } from "./ui/skeleton";

/** Shown while a tab's code or first data loads. */
export function TabFallback() {
  return (
    <div className="flex flex-col gap-3" role="status" aria-label="Loading">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-20 w-full" />
      <Skeleton className="h-20 w-full" />
    </div>
  );
}
