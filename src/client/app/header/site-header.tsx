import { Suspense } from "react";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { lazyComponent } from "@/client/lib/lazy-component";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSiteName } from "@/client/lib/site-name";
import { DesktopNav } from "./desktop-nav";
import { HeaderSearch } from "./header-search";
import { MobileNav } from "./mobile-nav";
import { ThemeToggle } from "./theme-toggle";

// The header is in every page's first download (budget: 100 KB gzipped of JavaScript for /),
// so it uses class strings and `buttonVariants` rather than components that pull in cn() and
// tailwind-merge (about 8.5 KB gzipped). Only members see the account menu, so visitors never
// download the dropdown code.
const UserMenu = lazyComponent(() => import("./user-menu"), "UserMenu");
// The bell (its live stream and count) is for members too: visitors never download it.
const NotificationBell = lazyComponent(
  () => import("@/client/features/notifications/components/notification-bell"),
  "NotificationBell",
);

// The bell's place is kept from the first paint: while the session is read, and for a member
// while the bell's code loads. At 390 px it used to pop in late (docs/product.md §2.3). An empty
// box rather than a bell icon: the icon would cost the visitors' first download.
const bellPlaceholder = <div aria-hidden="true" className="size-10 shrink-0" />;

/** The bell at every width (the account menu is desktop only); nothing for visitors. */
function BellArea() {
  const { user, loading } = useAuth();
  if (loading) return bellPlaceholder;
  if (!user) return null;
  return (
    <Suspense fallback={bellPlaceholder}>
      <NotificationBell />
    </Suspense>
  );
}

const avatarPlaceholder = (
  <div
    aria-hidden="true"
    className="size-10 animate-pulse rounded-full bg-muted motion-reduce:animate-none"
  />
);

/** The account menu (desktop; the phone menu has the account links), or Sign In at any width. */
function AccountArea() {
  const { user, loading } = useAuth();
  if (!(loading || user)) {
    return (
      <Link to={paths.auth} className={buttonVariants()}>
        Sign In
      </Link>
    );
  }
  return (
    <div className="hidden md:block">
      {user ? (
        <Suspense fallback={avatarPlaceholder}>
          <UserMenu />
        </Suspense>
      ) : (
        avatarPlaceholder
      )}
    </div>
  );
}

export function SiteHeader() {
  const siteName = useSiteName();
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/85">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-2 px-4">
        <MobileNav />
        <Link
          to={paths.home}
          className="mr-4 rounded-sm font-bold font-serif text-primary text-xl tracking-tight"
        >
          {siteName}
        </Link>
        <DesktopNav />
        <div className="ml-auto flex items-center gap-2">
          <HeaderSearch />
          <Suspense>
            <ThemeToggle />
          </Suspense>
          <BellArea />
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
