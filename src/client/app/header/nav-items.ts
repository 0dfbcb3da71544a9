import { Pencil, User } from "lucide-react";
import { paths } from "../../lib/paths";

/** The site navigation (SPEC §2 "Header and footer"). */
export const NAV_ITEMS = [
  { to: paths.discussions, label: "Discussion" },
  { to: paths.members, label: "Members" },
  { to: paths.contact, label: "Contact" },
] as const;

/** Links for a signed-in member. */
export function accountLinks(userId: string) {
  return [
    { to: paths.profile(userId), label: "Profile", icon: User },
    { to: paths.profileEdit, label: "Edit Profile", icon: Pencil },
  ] as const;
}
