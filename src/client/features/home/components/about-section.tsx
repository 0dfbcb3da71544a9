import { Skeleton } from "@/client/components/ui/skeleton";
import { useSiteStats } from "@/client/features/home/api/get-site-stats";
import { formatCount } from "@/client/lib/format-count";
import type { SiteStats } from "@/shared/api-types";
import { FounderProfile } from "./founder-profile";

// The about section's stats are the database's own counts (docs/decisions/030), not the
// SPEC's sample figures; "Coffees" had nothing true behind it and is gone.
const STATS: Array<{ key: keyof SiteStats; label: string }> = [
  { key: "posts", label: "Posts" },
  { key: "replies", label: "Replies" },
  { key: "rants", label: "Rants" },
];

type AboutSectionProps = {
  /** h1 on the about page, h2 on the home page. */
  headingLevel?: "h1" | "h2";
};

export function AboutSection({ headingLevel: Heading = "h2" }: AboutSectionProps) {
  const { data, isError } = useSiteStats();
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-16 bg-secondary/60">
      <div className="mx-auto max-w-4xl px-4 py-20">
        <Heading id="about-heading" className="text-center font-bold text-3xl tracking-tight">
          About this blog
        </Heading>
        <div className="mt-10 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-10">
          <FounderProfile />
          {isError && !data ? (
            <p className="mt-10 border-t pt-8 text-center text-muted-foreground text-sm">
              The numbers could not be loaded.
            </p>
          ) : (
            <dl className="mt-10 grid grid-cols-3 gap-4 border-t pt-8">
              {STATS.map((stat) => (
                <div key={stat.key} className="flex flex-col text-center">
                  <dt className="text-muted-foreground text-sm">{stat.label}</dt>
                  <dd className="order-first font-bold font-serif text-3xl text-primary">
                    {data ? (
                      formatCount(data[stat.key])
                    ) : (
                      <Skeleton className="mx-auto my-1 h-8 w-12" />
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}
