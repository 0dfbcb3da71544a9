import { RelativeTime } from "@/client/components/relative-time";
import { RoleBadge } from "@/client/components/role-badge";
import {
  Select,
  SelectContent,
  SelectItem,
  SelectTrigger,
  SelectValue,
} from "@/client/components/ui/select";
import { UserAvatar } from "@/client/components/user-avatar";
import type { AdminUser } from "@/shared/api-types";
import { ROLES, type Role } from "@/shared/permissions";
import { ResetTwoFactorDialog } from "./reset-two-factor-dialog";

export const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  author: "Author",
  moderator: "Moderator",
  admin: "Admin",
};

type UserRowProps = {
  user: AdminUser;
  saving: boolean;
  onRoleChange: (role: Role) => void;
};

export function UserRow({ user, saving, onRoleChange }: UserRowProps) {
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <UserAvatar name={user.fullName} email={user.email} avatarUrl={user.avatarUrl} />
        <div className="flex min-w-0 flex-col">
          <span className="flex flex-wrap items-center gap-2 font-medium">
            <span className="truncate">{user.displayName}</span>
            <RoleBadge role={user.role} />
          </span>
          <span className="truncate text-muted-foreground text-sm">{user.email}</span>
          <RelativeTime
            value={user.createdAt}
            prefix="Joined"
            className="text-muted-foreground text-xs"
          />
        </div>
      </div>
      <div className="flex items-center gap-2">
        {/* Only a member with a factor has one to reset (the server refuses the others too). */}
        {user.secondFactor ? <ResetTwoFactorDialog id={user.id} name={user.displayName} /> : null}
        <Select
          value={user.role}
          disabled={saving}
          onValueChange={(role) => {
            if (role !== user.role) onRoleChange(role as Role);
          }}
        >
          <SelectTrigger aria-label={`Role of ${user.displayName}`} className="sm:w-40">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            {ROLES.map((role) => (
              <SelectItem key={role} value={role}>
                {ROLE_LABELS[role]}
              </SelectItem>
            ))}
          </SelectContent>
        </Select>
      </div>
    </li>
  );
}
