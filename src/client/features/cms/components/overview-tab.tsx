import { AlarmClock, FileText, Inbox, MessagesSquare, TrendingUp } from "lucide-react";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useOverview } from "@/client/features/cms/api/get-overview";
import { cn } from "@/client/lib/cn";
import { formatCount } from "@/client/lib/format-count";

const CARDS = [
  { key: "totalPosts", label: "Total posts", hint: "Published blog posts", icon: FileText },
  { key: "discussions", label: "Discussions", hint: "Active discussions", icon: MessagesSquare },
  // The replies anyone can read (not deleted, in an active discussion), counted by the database.
  {
    key: "engagement",
    label: "Engagement",
    hint: "Replies in active discussions",
    icon: TrendingUp,
  },
] as const;

/**
 * Admins only (the server sends it to them): the data requests still to answer, and those past
 * their 30 days (docs/product.md §2.21.1).
 */
function DataRequestClock({ open, overdue }: { open: number; overdue: number }) {
  return (
    <section aria-labelledby="overview-requests" className="grid gap-3">
      <h3 id="overview-requests" className="font-semibold text-lg">
        Data requests
      </h3>
      <dl className="grid gap-4 sm:grid-cols-3">
        <Card className="flex flex-col gap-2 p-6">
          <dt className="flex items-center justify-between font-medium text-muted-foreground text-sm">
            Open requests
            <Inbox aria-hidden="true" className="size-5 text-primary" />
          </dt>
          <dd className="font-bold font-serif text-4xl">{formatCount(open)}</dd>
          <dd className="text-muted-foreground text-xs">Not completed yet</dd>
        </Card>
        <Card className={cn("flex flex-col gap-2 p-6", overdue > 0 && "border-destructive")}>
          <dt className="flex items-center justify-between font-medium text-muted-foreground text-sm">
            Overdue requests
            <AlarmClock aria-hidden="true" className="size-5 text-destructive" />
          </dt>
          <dd className="font-bold font-serif text-4xl">{formatCount(overdue)}</dd>
          <dd className="text-muted-foreground text-xs">Past their 30 days</dd>
        </Card>
      </dl>
    </section>
  );
}

/** docs/product.md §2.21.1 CMS Overview: three counters, and the data requests for admins. */
export function OverviewTab() {
  const overview = useOverview();
  return (
    <div className="flex flex-col gap-6">
      <TabHeader title="Overview" description="How the community is doing at a glance." />
      {overview.isError ? (
        <div className="flex items-center gap-3 text-muted-foreground">
          <p>Failed to load the overview.</p>
          <Button variant="outline" size="sm" onClick={() => void overview.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <dl className="grid gap-4 sm:grid-cols-3">
          {CARDS.map(({ key, label, hint, icon: Icon }) => (
            <Card key={key} className="flex flex-col gap-2 p-6">
              <dt className="flex items-center justify-between font-medium text-muted-foreground text-sm">
                {label}
                <Icon aria-hidden="true" className="size-5 text-primary" />
              </dt>
              <dd className="font-bold font-serif text-4xl">
                {overview.data ? (
                  formatCount(overview.data[key])
                ) : (
                  <Skeleton className="h-10 w-20" />
                )}
              </dd>
              <dd className="text-muted-foreground text-xs">{hint}</dd>
            </Card>
          ))}
        </dl>
      )}
      {overview.data?.dataRequests ? <DataRequestClock {...overview.data.dataRequests} /> : null}
    </div>
  );
}
