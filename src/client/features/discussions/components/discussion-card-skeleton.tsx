import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";

/** A discussion card's shape (discussion-card.tsx) while the list loads. */
export function DiscussionCardSkeleton() {
  return (
    <Card className="flex items-start gap-3 px-4 py-2">
      <Skeleton shape="circle" className="mt-0.5 size-9 shrink-0" />
      <div className="flex flex-1 flex-col gap-1.5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="h-4 w-full" />
        <Skeleton className="h-4 w-5/6" />
      </div>
      <div className="hidden w-64 shrink-0 flex-col gap-1.5 md:flex">
        <Skeleton className="h-3 w-40" />
        <Skeleton className="h-3 w-16" />
        <Skeleton className="h-3 w-32" />
      </div>
    </Card>
  );
}
