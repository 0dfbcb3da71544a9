import { LogOut } from "lucide-react";
import { Link } from "@/client/components/link";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { UserAvatar } from "@/client/components/user-avatar";
import { useAuth } from "@/client/lib/session/use-auth";
import { accountLinks } from "./account-links";
import { useSignOut } from "./use-sign-out";

/** The signed-in member's avatar button and account menu (desktop header). */
export function UserMenu() {
  const { user, profile, role } = useAuth();
  const signOut = useSignOut();
  if (!user) return null;

  const displayName = profile?.fullName?.trim() || user.email;

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger className="rounded-full" aria-label={`Account menu for ${displayName}`}>
        <UserAvatar name={profile?.fullName} email={user.email} avatarUrl={profile?.avatarUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="truncate">{displayName}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user.id, role).map(({ to, label, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" />
              {label}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
