import { XIcon } from "lucide-react";
import type { RefObject } from "react";
import { Link, NavLink } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { lazyComponent } from "@/client/lib/lazy-component";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSiteName } from "@/client/lib/site-name";
import { mobileMenuLinkClass as linkClass } from "./mobile-menu-link";
import { NAV_ITEMS } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";

// The member's part (their avatar, pages and sign-out) is code visitors never download: the
// header stays without cn() and tailwind-merge (site-header.tsx). A member's page is rendered
// with it on the server, and the browser loads it before hydrating (decision 025).
const MobileMenuAccount = lazyComponent(() => import("./mobile-menu-account"), "MobileMenuAccount");

export const MOBILE_MENU_ID = "mobile-menu";

type MobileMenuProps = {
  /** The dialog, which the menu button opens (mobile-nav.tsx). */
  dialogRef: RefObject<HTMLDialogElement | null>;
};

/**
 * The left slide-out panel: same links and account actions as the desktop header. A modal
 * <dialog> (styles.css, `.mobile-menu`): the browser keeps focus in it, closes it on Escape and
 * on a tap beside it (`closedby`), and gives focus back to the menu button. Its own close button
 * works without scripts too (the `close` command). Without scripts the theme and sign-out
 * buttons, which need them, are not shown.
 */
export function MobileMenu({ dialogRef }: MobileMenuProps) {
  const { user, loading } = useAuth();
  const siteName = useSiteName();
  // A link followed in the page (no reload) leaves the panel open unless it is closed here.
  const close = () => dialogRef.current?.close();

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard closes a modal dialog with Escape, natively
    <dialog
      ref={dialogRef}
      id={MOBILE_MENU_ID}
      className="mobile-menu"
      aria-labelledby="mobile-menu-title"
      aria-describedby="mobile-menu-description"
      closedby="any"
      onClick={(event) => {
        // A tap on the backdrop lands on the dialog itself (its content fills it): where the
        // browser does not close it by `closedby`, this does.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className="flex h-full flex-col gap-4 p-6">
        <div className="flex flex-col gap-1.5 pr-8">
          <h2 id="mobile-menu-title" className="font-semibold font-serif text-foreground text-lg">
            {siteName}
          </h2>
          <p id="mobile-menu-description" className="text-muted-foreground text-sm">
            Site navigation
          </p>
        </div>
        <nav aria-label="Mobile" className="flex flex-col gap-6">
          <ul className="grid gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <NavLink to={item.to} className={linkClass} onClick={close}>
                  {item.label}
                </NavLink>
              </li>
            ))}
          </ul>
          <ThemeToggle
            withLabel
            className={`${linkClass} w-full text-left aria-pressed:text-primary no-js:hidden`}
          />
          {loading ? null : user ? (
            <MobileMenuAccount close={close} />
          ) : (
            <Link
              to={paths.auth}
              onClick={close}
              // `!`: no cn() here to drop the variant's justify-center (site-header.tsx).
              className={`${buttonVariants()} justify-start!`}
            >
              Sign In
            </Link>
          )}
        </nav>
        <button
          type="button"
          command="close"
          commandfor={MOBILE_MENU_ID}
          onClick={close}
          className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground hover:text-foreground"
        >
          <XIcon aria-hidden="true" className="size-5" />
          <span className="sr-only">Close menu</span>
        </button>
      </div>
    </dialog>
  );
}
