import { lazy, Suspense } from "react";
import { Link } from "react-router";
import { buttonVariants } from "../../components/ui/button-variants";
import { paths } from "../../lib/paths";
import { useAuth } from "../../lib/session/use-auth";
import { siteName } from "../../lib/site-name";
import { DesktopNav } from "./desktop-nav";
import { MobileNav } from "./mobile-nav";

// The header is in every page's first download (budget: 100 KB gzipped of JavaScript for /),
// so it uses class strings and `buttonVariants` rather than components that pull in cn() and
// tailwind-merge (about 8.5 KB gzipped). Only members see the account menu, so visitors never
// download the dropdown code.
const UserMenu = lazy(() => import("./user-menu").then((module) => ({ default: module.UserMenu })));

const avatarPlaceholder = (
  <div
    aria-hidden="true"
    className="size-10 animate-pulse rounded-full bg-muted motion-reduce:animate-none"
  />
);

function AccountArea() {
  const { user, loading } = useAuth();
  if (loading) return avatarPlaceholder;
  if (user) {
    return (
      <Suspense fallback={avatarPlaceholder}>
        <UserMenu />
      </Suspense>
    );
  }
  return (
    <Link to={paths.auth} className={buttonVariants()}>
      Sign In
    </Link>
  );
}

export function SiteHeader() {
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
        <div className="ml-auto hidden md:block">
          <AccountArea />
        </div>
      </div>
    </header>
  );
}
