import { FounderProfile } from "./founder-profile";

// docs/product.md §2 Home: the about section's static stats.
const STATS = [
  { value: 127, label: "Posts" },
  { value: 2453, label: "Comments" },
  { value: 892, label: "Coffees" },
  { value: 73, label: "Rants" },
] as const;

const numberFormat = new Intl.NumberFormat("en-GB");

type AboutSectionProps = {
  /** h1 on the about page, h2 on the home page. */
  headingLevel?: "h1" | "h2";
};

export function AboutSection({ headingLevel: Heading = "h2" }: AboutSectionProps) {
  return (
    <section id="about" aria-labelledby="about-heading" className="scroll-mt-16 bg-secondary/60">
      <div className="mx-auto max-w-4xl px-4 py-20">
        <Heading id="about-heading" className="text-center font-bold text-3xl tracking-tight">
          About this blog
        </Heading>
        <div className="mt-10 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-10">
          <FounderProfile />
          <dl className="mt-10 grid grid-cols-2 gap-4 border-t pt-8 sm:grid-cols-4">
            {STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col text-center">
                <dt className="text-muted-foreground text-sm">{stat.label}</dt>
                <dd className="order-first font-bold font-serif text-3xl text-primary">
                  {numberFormat.format(stat.value)}
                </dd>
              </div>
            ))}
          </dl>
        </div>
      </div>
    </section>
  );
}
