import { Menu } from "lucide-react";
import { lazy, Suspense, useRef, useState } from "react";
import { buttonVariants } from "@/client/components/ui/button-variants";

// The panel (Radix Dialog, about 12 KB gzipped) downloads when the visitor reaches for it.
const loadMobileMenu = () => import("./mobile-menu");
const MobileMenu = lazy(() => loadMobileMenu().then((module) => ({ default: module.MobileMenu })));

/** Below md the navigation is a menu button opening a panel from the left (docs/product.md §2). */
export function MobileNav() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // Stays mounted after the first open so the closing animation can play.
  const [requested, setRequested] = useState(false);

  return (
    <>
      {/* A plain button: see site-header.tsx on what the first download may include. */}
      <button
        type="button"
        ref={triggerRef}
        className={`${buttonVariants({ variant: "ghost", size: "icon" })} md:hidden`}
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? "mobile-menu" : undefined}
        onPointerEnter={() => void loadMobileMenu()}
        onFocus={() => void loadMobileMenu()}
        onClick={() => {
          setRequested(true);
          setOpen(true);
        }}
      >
        <Menu aria-hidden="true" className="size-5" />
      </button>
      {requested ? (
        <Suspense fallback={null}>
          <MobileMenu open={open} onOpenChange={setOpen} triggerRef={triggerRef} />
        </Suspense>
      ) : null}
    </>
  );
}
