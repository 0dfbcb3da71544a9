import { useEffect, useRef } from "react";
import { Button } from "@/client/components/ui/button";

type LoadMoreProps = {
  loading: boolean;
  onLoadMore: () => void;
};

/**
 * The next page loads when this comes near the screen, or with the button (keyboards, and
 * browsers without IntersectionObserver).
 */
export function LoadMore({ loading, onLoadMore }: LoadMoreProps) {
  const ref = useRef<HTMLDivElement>(null);
  const latest = useRef(onLoadMore);
  latest.current = onLoadMore;

  // Observing afresh after each load also reports whether the button is still in view (a
  // short page on a tall screen), which loads the next page without waiting for a scroll.
  useEffect(() => {
    const element = ref.current;
    if (loading || !element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          observer.disconnect();
          latest.current();
        }
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={ref} className="flex justify-center">
      <Button variant="outline" onClick={onLoadMore} disabled={loading}>
        {loading ? "Loading..." : "Load more discussions"}
      </Button>
    </div>
  );
}
