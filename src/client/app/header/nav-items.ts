import { paths } from "@/client/lib/paths";

/** The site navigation (docs/product.md §2 "Header and footer"). */
export const NAV_ITEMS = [
  { to: paths.discussions, label: "Discussion" },
  { to: paths.members, label: "Members" },
  // The blog exists (/blog) and the header says so (docs/decisions/062).
  { to: paths.blog, label: "Blog" },
  { to: paths.contact, label: "Contact" },
] as const;
