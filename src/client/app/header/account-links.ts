import { Bookmark, LayoutDashboard, Pencil, Settings, User } from "lucide-react";
import { paths } from "@/client/lib/paths";
import { can, type Role } from "@/shared/permissions";

/**
 * Links for a signed-in member (docs/product.md §2), shown in the account and mobile menus: the public
 * profile, their bookmarks, account settings, and the staff area for roles that may enter it.
 */
export function accountLinks(userId: string, role: Role | null) {
  return [
    { to: paths.profile(userId), label: "Profile", icon: User },
    { to: paths.profileEdit, label: "Edit Profile", icon: Pencil },
    { to: paths.bookmarks, label: "Bookmarks", icon: Bookmark },
    { to: paths.settings, label: "Settings", icon: Settings },
    ...(can(role, "cmsAccess")
      ? [{ to: paths.cms, label: "Content management", icon: LayoutDashboard }]
      : []),
  ];
}
