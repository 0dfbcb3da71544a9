import { Bell, LogOut } from "lucide-react";
import { NavLink } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { UserAvatar } from "@/client/components/user-avatar";
import { useUnreadCount } from "@/client/features/notifications/api/get-unread-count";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { accountLinks } from "./account-links";
import { mobileMenuLinkClass } from "./mobile-menu-link";
import { useSignOut } from "./use-sign-out";

type MobileMenuAccountProps = {
  /** Closes the panel: a link followed in the page leaves it open otherwise. */
  close: () => void;
};

/** The phone menu's part for a member: who they are, their pages, and signing out. */
export function MobileMenuAccount({ close }: MobileMenuAccountProps) {
  const { user, profile, role } = useAuth();
  const signOut = useSignOut();
  const unread = useUnreadCount(Boolean(user)).data?.unread ?? 0;
  if (!user) return null;

  return (
    <div className="grid gap-1 border-t pt-4">
      <div className="mb-2 flex items-center gap-3 px-3">
        <UserAvatar name={profile?.fullName} email={user.email} avatarUrl={profile?.avatarUrl} />
        <span className="truncate font-medium">{profile?.fullName || user.email}</span>
      </div>
      <ul className="grid gap-1">
        <li>
          <NavLink to={paths.notifications} end className={mobileMenuLinkClass} onClick={close}>
            <Bell aria-hidden="true" />
            Notifications
            {unread > 0 ? (
              <span className="ml-auto rounded-full bg-destructive px-2 py-0.5 font-semibold text-destructive-foreground text-xs">
                {unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </NavLink>
        </li>
        {accountLinks(user.id, role).map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} end className={mobileMenuLinkClass} onClick={close}>
              <Icon aria-hidden="true" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
      {/* Signing out needs scripts: without them the button is not shown. */}
      <Button
        variant="outline"
        className="mt-2 justify-start no-js:hidden"
        onClick={() => {
          close();
          void signOut();
        }}
      >
        <LogOut aria-hidden="true" />
        Sign out
      </Button>
    </div>
  );
}
