import { Bell, LogIn, LogOut } from "lucide-react";
import type { RefObject } from "react";
import { Link, NavLink } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
} from "@/client/components/ui/sheet";
import { UserAvatar } from "@/client/components/user-avatar";
import { useUnreadCount } from "@/client/features/notifications/api/get-unread-count";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSiteName } from "@/client/lib/site-name";
import { accountLinks } from "./account-links";
import { NAV_ITEMS } from "./nav-items";
import { ThemeToggle } from "./theme-toggle";
import { useSignOut } from "./use-sign-out";

// A plain string (not NavLink's function form): SheetClose's Slot joins class names as text.
// NavLink marks the current page with aria-current="page".
const linkClass =
  "flex items-center gap-3 rounded-md px-3 py-2.5 font-medium text-foreground transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:text-primary [&_svg]:size-4";

type MobileMenuProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The menu button, which gets focus back when the panel closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** The left slide-out panel: same links and account actions as the desktop header. */
export function MobileMenu({ open, onOpenChange, triggerRef }: MobileMenuProps) {
  const { user, profile, role, loading } = useAuth();
  const signOut = useSignOut();
  const unread = useUnreadCount(Boolean(user)).data?.unread ?? 0;

  const siteName = useSiteName();
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        id="mobile-menu"
        side="left"
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          triggerRef.current?.focus();
        }}
      >
        <SheetHeader>
          <SheetTitle>{siteName}</SheetTitle>
          <SheetDescription>Site navigation</SheetDescription>
        </SheetHeader>
        <nav aria-label="Mobile" className="flex flex-col gap-6">
          <ul className="grid gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.to}>
                <SheetClose asChild>
                  <NavLink to={item.to} className={linkClass}>
                    {item.label}
                  </NavLink>
                </SheetClose>
              </li>
            ))}
          </ul>
          <ThemeToggle
            withLabel
            className={`${linkClass} w-full text-left aria-pressed:text-primary`}
          />
          {loading ? null : user ? (
            <div className="grid gap-1 border-t pt-4">
              <div className="mb-2 flex items-center gap-3 px-3">
                <UserAvatar
                  name={profile?.fullName}
                  email={user.email}
                  avatarUrl={profile?.avatarUrl}
                />
                <span className="truncate font-medium">{profile?.fullName || user.email}</span>
              </div>
              <ul className="grid gap-1">
                <li>
                  <SheetClose asChild>
                    <NavLink to={paths.notifications} end className={linkClass}>
                      <Bell aria-hidden="true" />
                      Notifications
                      {unread > 0 ? (
                        <span className="ml-auto rounded-full bg-destructive px-2 py-0.5 font-semibold text-destructive-foreground text-xs">
                          {unread}
                          <span className="sr-only"> unread</span>
                        </span>
                      ) : null}
                    </NavLink>
                  </SheetClose>
                </li>
                {accountLinks(user.id, role).map(({ to, label, icon: Icon }) => (
                  <li key={to}>
                    <SheetClose asChild>
                      <NavLink to={to} end className={linkClass}>
                        <Icon aria-hidden="true" />
                        {label}
                      </NavLink>
                    </SheetClose>
                  </li>
                ))}
              </ul>
              <Button
                variant="outline"
                className="mt-2 justify-start"
                onClick={() => {
                  onOpenChange(false);
                  void signOut();
                }}
              >
                <LogOut aria-hidden="true" />
                Sign out
              </Button>
            </div>
          ) : (
            <SheetClose asChild>
              <Button asChild className="justify-start">
                <Link to={paths.auth}>
                  <LogIn aria-hidden="true" />
                  Sign In
                </Link>
              </Button>
            </SheetClose>
          )}
        </nav>
      </SheetContent>
    </Sheet>
  );
}
