import { type LucideIcon, PenLine, Shield, ShieldCheck, User } from "lucide-react";
import type { Role } from "@/shared/permissions";
import { Badge } from "./ui/badge";

const ROLE_BADGES: Record<
  Role,
  { label: string; icon: LucideIcon; variant: "default" | "secondary" | "outline" }
> = {
  admin: { label: "Admin", icon: Shield, variant: "default" },
  moderator: { label: "Moderator", icon: ShieldCheck, variant: "secondary" },
  author: { label: "Author", icon: PenLine, variant: "outline" },
  user: { label: "User", icon: User, variant: "outline" },
};

/** A member's role with its icon (members directory, profiles). */
export function RoleBadge({ role, className }: { role: Role; className?: string }) {
  const { label, icon: Icon, variant } = ROLE_BADGES[role];
  return (
    <Badge variant={variant} className={className}>
      <Icon aria-hidden="true" />
      {label}
    </Badge>
  );
}
