import { BookOpen, Eye, Flame, Megaphone } from "lucide-react";
import { Link } from "@/client/components/link";
import { useCategories } from "@/client/lib/categories";
import { categoryPath } from "@/shared/category-paths";

/** The seeded categories' icons; one an admin adds shows its colour instead. */
const ICONS: Record<string, typeof Flame> = {
  "rants-and-vents": Flame,
  "life-observations": Eye,
  "unpopular-opinions": Megaphone,
  "personal-stories": BookOpen,
};

/**
 * The categories of docs/product.md §2 Home (issue 41): each card leads to its forum page and
 * shows its count of discussions, kept by a trigger.
 */
export function CategoriesSection() {
  const categories = useCategories();
  return (
    <section aria-labelledby="categories-heading" className="mx-auto max-w-6xl px-4 py-20">
      <h2 id="categories-heading" className="text-center font-bold text-3xl tracking-tight">
        What we rant about
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
        Four kinds of honesty, one place to let it out.
      </p>
      <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {categories.data?.categories.map((category) => {
          const Icon = ICONS[category.slug];
          return (
            <li
              key={category.slug}
              className="relative rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 transition-colors focus-within:border-primary/60 hover:border-primary/40"
            >
              <span className="flex size-11 items-center justify-center rounded-lg bg-accent text-primary">
                {Icon ? (
                  <Icon aria-hidden="true" className="size-5" />
                ) : (
                  <span
                    aria-hidden="true"
                    className="size-3 rounded-full"
                    style={{ backgroundColor: category.colour }}
                  />
                )}
              </span>
              <h3 className="mt-4 font-semibold text-lg">
                <Link
                  to={categoryPath(category.slug)}
                  className="after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring"
                >
                  {category.name}
                </Link>
              </h3>
              <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
                {category.description}
              </p>
              <p className="mt-3 font-medium text-sm">
                {category.discussions} {category.discussions === 1 ? "discussion" : "discussions"}
              </p>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
