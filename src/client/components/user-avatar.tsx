import { cn } from "@/client/lib/cn";
import { Avatar, AvatarFallback, AvatarImage } from "./ui/avatar";

type UserAvatarProps = {
  name: string | null | undefined;
  email?: string | null;
  avatarUrl?: string | null;
  className?: string;
};

/** First letter of the full name, else of the email (docs/product.md §2 header and profile). */
export function avatarInitial(name: string | null | undefined, email?: string | null): string {
  const source = name?.trim() || email?.trim() || "?";
  return source.charAt(0).toUpperCase();
}

/** Decorative: put the person's name in text beside it or in the control's label. */
export function UserAvatar({ name, email, avatarUrl, className }: UserAvatarProps) {
  return (
    <Avatar className={cn(className)} aria-hidden="true">
      {avatarUrl ? <AvatarImage src={avatarUrl} alt="" /> : null}
      <AvatarFallback>{avatarInitial(name, email)}</AvatarFallback>
    </Avatar>
  );
}
