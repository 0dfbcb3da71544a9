import { formatDistanceStrict } from "date-fns";
import { CalendarDays, MessageCircle, MessageSquare, SmilePlus } from "lucide-react";
import { Card } from "@/client/components/ui/card";
import { formatCount } from "@/client/lib/format-count";
import { useHydrationTime } from "@/client/lib/render-time";
import type { PublicProfile } from "@/shared/api-types";

/**
 * docs/product.md §2.9: discussions, comments (the member's replies anyone can read, kept by
 * the database: docs/decisions/020), reactions received (decision 075) and time as a member.
 */
export function ProfileStats({ profile }: { profile: PublicProfile }) {
  const now = useHydrationTime() ?? Date.now();
  const stats = [
    { label: "Discussions", value: formatCount(profile.discussionsCount), icon: MessageSquare },
    { label: "Replies", value: formatCount(profile.repliesCount), icon: MessageCircle },
    {
      label: "Reactions received",
      value: formatCount(profile.reactionsReceived),
      icon: SmilePlus,
    },
    {
      label: "Member for",
      value: formatDistanceStrict(new Date(profile.createdAt), now),
      icon: CalendarDays,
    },
  ];
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      {stats.map(({ label, value, icon: Icon }) => (
        // The card is the dt/dd group itself (a <dl> allows one <div> level around each pair,
        // axe's definition-list rule): the icon sits inside the dd, in the card's left gutter.
        <Card key={label} className="relative flex min-w-0 flex-col-reverse p-4 pl-[4.25rem]">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-semibold text-2xl">
            <span className="absolute top-1/2 left-4 flex size-10 -translate-y-1/2 items-center justify-center rounded-full bg-accent text-accent-foreground">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {value}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
