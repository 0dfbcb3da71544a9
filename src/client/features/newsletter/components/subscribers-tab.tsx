import { Download } from "lucide-react";
import { useState } from "react";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { RelativeTime } from "@/client/components/relative-time";
import { SearchInput } from "@/client/components/search-input";
import { TabFallback } from "@/client/components/tab-fallback";
import { TabHeader } from "@/client/components/tab-header";
import { Badge } from "@/client/components/ui/badge";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { Card } from "@/client/components/ui/card";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import { formatCount } from "@/client/lib/format-count";
import type { NewsletterStatus } from "@/shared/api-types";
import {
  type SubscriberFilter,
  subscriberQuery,
  useNewsletterSubscribers,
} from "../api/get-newsletter-subscribers";

const STATUS_LABELS: Record<NewsletterStatus, string> = {
  active: "Active",
  pending: "Awaiting confirmation",
  inactive: "Unsubscribed",
};

/** The CMS Subscribers tab (admins, docs/decisions/028): counts, search by email, CSV. */
export function SubscribersTab() {
  const [searchText, setSearchText] = useState("");
  const [status, setStatus] = useState<SubscriberFilter["status"]>("");
  const search = useDebouncedValue(searchText.trim(), 300);
  const filter = { search, status };
  const subscribers = useNewsletterSubscribers(filter);
  const list = subscribers.data?.pages.flatMap((page) => page.subscribers) ?? [];
  const counts = subscribers.data?.pages[0]?.counts;
  const query = subscriberQuery(filter).toString();

  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Subscribers"
        description="Who receives the newsletter. An address is active once its owner confirms it."
        action={
          <a
            href={`/api/cms/newsletter/subscribers.csv${query ? `?${query}` : ""}`}
            download
            className={buttonVariants({ variant: "outline" })}
          >
            <Download aria-hidden="true" />
            Export CSV
          </a>
        }
      />
      {counts ? (
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Subscribers by status">
          {(
            [
              ["Active", counts.active],
              ["Awaiting confirmation", counts.pending],
              ["Unsubscribed", counts.inactive],
              ["Total", counts.total],
            ] as const
          ).map(([label, value]) => (
            <Card key={label} className="gap-1 p-4">
              <dt className="text-muted-foreground text-xs">{label}</dt>
              <dd className="font-semibold text-2xl">{formatCount(value)}</dd>
            </Card>
          ))}
        </dl>
      ) : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
        <SearchInput
          className="sm:w-80"
          aria-label="Search subscribers by email"
          placeholder="Search by email..."
          value={searchText}
          maxLength={100}
          onChange={(event) => setSearchText(event.target.value)}
        />
        <NativeSelect
          aria-label="Status"
          className="sm:w-56"
          value={status}
          onChange={(event) => setStatus(event.target.value as SubscriberFilter["status"])}
        >
          <option value="">Every status</option>
          <option value="active">Active</option>
          <option value="pending">Awaiting confirmation</option>
          <option value="inactive">Unsubscribed</option>
        </NativeSelect>
      </div>
      {subscribers.isPending ? (
        <TabFallback />
      ) : list.length === 0 ? (
        <p className="py-8 text-center text-muted-foreground">
          {subscribers.isError ? "Failed to load subscribers." : "No subscribers match."}
        </p>
      ) : (
        <Card className="overflow-hidden py-0">
          <ul className="divide-y" aria-label="Subscribers">
            {list.map((subscriber) => (
              <li
                key={subscriber.id}
                className="flex flex-col gap-1 px-4 py-3 sm:flex-row sm:items-center sm:justify-between"
              >
                <span className="break-all font-medium text-sm">{subscriber.email}</span>
                <span className="flex flex-wrap items-center gap-2 text-muted-foreground text-xs">
                  <Badge variant={subscriber.status === "active" ? "default" : "secondary"}>
                    {STATUS_LABELS[subscriber.status]}
                  </Badge>
                  {subscriber.member ? <Badge variant="outline">Member</Badge> : null}
                  <RelativeTime value={subscriber.createdAt} prefix="Added" />
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
      <LoadMoreButton
        hasNextPage={subscribers.hasNextPage}
        isFetchingNextPage={subscribers.isFetchingNextPage}
        fetchNextPage={subscribers.fetchNextPage}
        label="Load more subscribers"
      />
    </div>
  );
}
