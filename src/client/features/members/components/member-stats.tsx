import { type LucideIcon, MessageSquare, Shield, ShieldCheck, Users } from "lucide-react";
import { Card } from "@/client/components/ui/card";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useMemberStats } from "@/client/features/members/api/get-member-stats";
import { formatCount } from "@/client/lib/format-count";
import type { MemberStats as Stats } from "@/shared/api-types";

const COUNTERS: Array<{ key: keyof Stats; label: string; icon: LucideIcon }> = [
  { key: "totalMembers", label: "Total Members", icon: Users },
  { key: "admins", label: "Admins", icon: Shield },
  { key: "moderators", label: "Moderators", icon: ShieldCheck },
  { key: "activeContributors", label: "Active Contributors", icon: MessageSquare },
];

/** The four counters over public profiles (docs/product.md §2 Members). */
export function MemberStats() {
  const { data, isError } = useMemberStats();
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
      {COUNTERS.map(({ key, label, icon: Icon }) => (
        // The card is the dt/dd group itself (a <dl> allows one <div> level around each pair):
        // the icon sits inside the dd, placed in the card's left gutter.
        <Card key={key} className="relative flex min-w-0 flex-col-reverse p-4 sm:pl-[4.25rem]">
          <dt className="text-muted-foreground text-sm">{label}</dt>
          <dd className="font-semibold text-2xl tabular-nums">
            <span className="absolute top-1/2 left-4 hidden size-10 -translate-y-1/2 items-center justify-center rounded-full bg-accent text-accent-foreground sm:flex">
              <Icon aria-hidden="true" className="size-5" />
            </span>
            {data ? (
              formatCount(data[key])
            ) : isError ? (
              // A failed load stops pulsing (issue 21): the list below says what happened.
              <>
                <span aria-hidden="true">–</span>
                <span className="sr-only">Not available</span>
              </>
            ) : (
              <Skeleton className="my-1 h-6 w-10" />
            )}
          </dd>
        </Card>
      ))}
    </dl>
  );
}
