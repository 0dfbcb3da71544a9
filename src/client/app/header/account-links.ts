import { Pencil, User } from "lucide-react";
import { paths } from "../../lib/paths";

/** Links for a signed-in member (SPEC §2), shown in the account and mobile menus. */
export function accountLinks(userId: string) {
  return [
    { to: paths.profile(userId), label: "Profile", icon: User },
    { to: paths.profileEdit, label: "Edit Profile", icon: Pencil },
  ] as const;
}
