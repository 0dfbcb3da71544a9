import { EyeOff } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Button } from "./ui/button";

type BlockedContentProps = {
  /** The author was blocked by the viewer (the API's `authorBlocked`). */
  blocked: boolean | undefined;
  /** What the post is, for the button's accessible name ("Show discussion", "Show reply"). */
  kind: string;
  /** Puts the collapsed notice in the post's frame (a card, an article); as it is by default. */
  collapsed?: (notice: ReactNode) => ReactNode;
  children: ReactNode;
};

/**
 * A post from a member the viewer blocked, collapsed until asked for (docs/product.md §2.9,
 * docs/decisions/031): "Post from a member you blocked" and "Show". Anything else is shown as
 * it is. The text is in the page already: showing it asks the server nothing.
 */
export function BlockedContent({ blocked, kind, collapsed, children }: BlockedContentProps) {
  const [shown, setShown] = useState(false);
  if (!blocked || shown) return children;
  const notice = (
    <div
      data-blocked-post=""
      className="flex flex-wrap items-center justify-between gap-2 text-muted-foreground text-sm"
    >
      <p className="inline-flex items-center gap-2">
        <EyeOff aria-hidden="true" className="size-4 shrink-0" />
        Post from a member you blocked
      </p>
      <Button variant="ghost" size="sm" aria-label={`Show ${kind}`} onClick={() => setShown(true)}>
        Show
      </Button>
    </div>
  );
  return collapsed ? collapsed(notice) : notice;
}
