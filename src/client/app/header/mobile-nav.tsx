import { Menu } from "lucide-react";
import { useRef } from "react";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { MOBILE_MENU_ID, MobileMenu } from "./mobile-menu";

/**
 * Below md the navigation is a menu button opening a panel from the left (docs/product.md §2).
 * The panel is a modal <dialog> in the page's HTML, and the button opens it with HTML's invoker
 * command: the menu works from the first paint, before the scripts and without them (issue 38).
 * A browser without invoker commands opens it from the click handler once the page is live
 * (the head's script keeps an earlier tap and replays it: scripts/vite/event-replay.ts).
 */
export function MobileNav() {
  const dialogRef = useRef<HTMLDialogElement>(null);

  return (
    <>
      {/* A plain button: see site-header.tsx on what the first download may include. */}
      <button
        type="button"
        className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-controls={MOBILE_MENU_ID}
        command="show-modal"
        commandfor={MOBILE_MENU_ID}
        onClick={() => {
          const dialog = dialogRef.current;
          // Where the command opened it already, this does nothing.
          if (dialog && !dialog.open) dialog.showModal();
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      <MobileMenu dialogRef={dialogRef} />
    </>
  );
}
