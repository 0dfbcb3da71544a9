import { LogIn, LogOut, Menu } from "lucide-react";
import { useState } from "react";
import { Link, NavLink } from "react-router";
import { Button } from "../../components/ui/button";
import {
  Sheet,
  SheetClose,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from "../../components/ui/sheet";
import { UserAvatar } from "../../components/user-avatar";
import { useAuth } from "../../features/auth/hooks/use-auth";
import { cn } from "../../lib/cn";
import { paths } from "../../lib/paths";
import { siteName } from "../../lib/site-name";
import { accountLinks, NAV_ITEMS } from "./nav-items";
import { useSignOut } from "./use-sign-out";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2.5 font-medium transition-colors hover:bg-accent hover:text-accent-foreground [&_svg]:size-4",
    isActive ? "text-primary" : "text-foreground",
  );

/** Below md the navigation lives in a panel sliding in from the left (SPEC §2). */
export function MobileNav() {
  const [open, setOpen] = useState(false);
  const { user, profile, loading } = useAuth();
  const signOut = useSignOut();

  return (
    <Sheet open={open} onOpenChange={setOpen}>
      <SheetTrigger asChild>
        <Button variant="ghost" size="icon" className="md:hidden" aria-label="Open menu">
          <Menu aria-hidden="true" className="size-5" />
        </Button>
      </SheetTrigger>
      <SheetContent side="left">
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
                {accountLinks(user.id).map(({ to, label, icon: Icon }) => (
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
                  setOpen(false);
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
