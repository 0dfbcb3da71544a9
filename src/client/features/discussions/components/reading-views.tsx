import { useMutation, useQueryClient } from "@tanstack/react-query";
import { CheckCheck } from "lucide-react";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import type { DiscussionFilters } from "@/client/features/discussions/api/get-discussions";
import { markAllRead } from "@/client/features/discussions/api/mark-all-read";
import { errorMessage } from "@/client/lib/api-client";
import { cn } from "@/client/lib/cn";
import { useLocation, useSearchParams } from "@/client/lib/location";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/toast";

type View = "all" | "unread" | "new";

const VIEWS: { view: View; label: string }[] = [
  { view: "all", label: "All" },
  { view: "unread", label: "Unread" },
  { view: "new", label: "New" },
];

function viewOf(filters: DiscussionFilters): View | null {
  if (filters.unread && filters.new) return null;
  return filters.unread ? "unread" : filters.new ? "new" : "all";
}

/**
 * A member's views of the list (docs/decisions/071): all, only what has replies they have not
 * read, only what is new to them; links in the address, so they work before the page's script
 * and the server renders them. "Mark all as read" marks the list (its category, on a category's
 * page) read from now.
 */
export function ReadingViews({
  filters,
  category,
}: {
  filters: DiscussionFilters;
  /** A category's page: "Mark all as read" is that category's. */
  category?: string;
}) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const queryClient = useQueryClient();
  const current = viewOf(filters);
  const mark = useMutation({
    mutationFn: () => markAllRead(category),
    onSuccess: async () => {
      toast.success(
        category ? "This category is marked as read." : "Everything is marked as read.",
      );
      await queryClient.invalidateQueries({ queryKey: discussionsQueryKey });
    },
    onError: (error) => toast.error(errorMessage(error)),
  });

  const hrefOf = (view: View) => {
    const next = new URLSearchParams(params);
    next.delete("unread");
    next.delete("new");
    next.delete("cursor");
    if (view !== "all") next.set(view, "1");
    return next.size ? `${pathname}?${next}` : pathname;
  };

  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <nav aria-label="Show discussions">
        <ul className="flex gap-1 rounded-lg bg-muted p-1">
          {VIEWS.map(({ view, label }) => (
            <li key={view}>
              <Link
                to={hrefOf(view)}
                replace
                aria-current={current === view ? "page" : undefined}
                className={cn(
                  "inline-flex min-h-8 items-center rounded-md px-3 font-medium text-muted-foreground text-sm transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
                  current === view && "bg-background text-foreground shadow-sm",
                )}
              >
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Button variant="ghost" size="sm" onClick={() => mark.mutate()} disabled={mark.isPending}>
        <CheckCheck aria-hidden="true" />
        Mark all as read
      </Button>
    </div>
  );
}
