import { BookOpen, Eye, Flame, Megaphone } from "lucide-react";
import { BLOG_CATEGORIES } from "@/shared/constants";

type Category = (typeof BLOG_CATEGORIES)[number];

const DETAILS: Record<Category, { icon: typeof Flame; text: string }> = {
  "Rants & Vents": {
    icon: Flame,
    text: "The daily frustrations that deserve to be said out loud, at length.",
  },
  "Life Observations": {
    icon: Eye,
    text: "Small, strange and true things about the way we all live.",
  },
  "Unpopular Opinions": {
    icon: Megaphone,
    text: "Takes you will probably disagree with. That is rather the point.",
  },
  "Personal Stories": {
    icon: BookOpen,
    text: "Honest stories from real life, the messy parts included.",
  },
};

/** The four categories of docs/product.md §2 Home. */
export function CategoriesSection() {
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-6xl px-4 py-20">
      <h2 id="categories-heading" className="text-center font-bold text-3xl tracking-tight">
        What we rant about
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Four kinds of honesty, one place to let it out.
      </p>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {BLOG_CATEGORIES.map((name) => {
          const { icon: Icon, text } = DETAILS[name];
          return (
            <li key={name} className="rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
              <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-4 font-semibold text-lg">{name}</h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">{text}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
