import { Suspense, useId, useRef, useState } from "react";
import { lazyComponent } from "@/client/lib/lazy-component";
import type { WhoReactedProps } from "./who-reacted";

// The list (a Radix popover) and its code come with the first use: a thread has one of these
// buttons a post, and most are never opened (issue 48: a member's discussion page rendered
// 123 buttons to a visitor's 27; each post's popover root was part of every render and of
// every hydration).
const loadList = () => import("./who-reacted");
const WhoReacted = lazyComponent<"WhoReacted", WhoReactedProps>(loadList, "WhoReacted");

type WhoReactedButtonProps = { discussionId: string; replyId: string | null; total: number };

/**
 * "Who reacted" (docs/decisions/075): opens on hover with a mouse, on tap and from the keyboard.
 * A plain button until then; the list is placed against it.
 */
export function WhoReactedButton({ discussionId, replyId, total }: WhoReactedButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const show = () => {
    setUsed(true);
    setOpen(true);
  };
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? listId : undefined}
        className="rounded-md px-1.5 py-1 text-muted-foreground text-xs underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onFocus={() => void loadList()}
        onPointerEnter={(event) => {
          if (event.pointerType === "mouse") show();
        }}
        onClick={() => (open ? setOpen(false) : show())}
      >
        {total === 1 ? "1 reaction" : `${total} reactions`}
      </button>
      {used ? (
        <Suspense fallback={null}>
          <WhoReacted
            discussionId={discussionId}
            replyId={replyId}
            anchor={button}
            listId={listId}
            open={open}
            onOpenChange={setOpen}
          />
        </Suspense>
      ) : null}
    </>
  );
}
