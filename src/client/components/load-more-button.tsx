import { Button } from "./ui/button";

type LoadMoreProps = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  label: string;
};

/** "Load more" under a paginated staff list; nothing once the last page is in. */
export function LoadMoreButton({
  hasNextPage,
  isFetchingNextPage,
  fetchNextPage,
  label,
}: LoadMoreProps) {
  if (!hasNextPage) return null;
  return (
    <div className="flex justify-center">
      <Button variant="outline" onClick={() => void fetchNextPage()} disabled={isFetchingNextPage}>
        {isFetchingNextPage ? "Loading..." : label}
      </Button>
    </div>
  );
}
