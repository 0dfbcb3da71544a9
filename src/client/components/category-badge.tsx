import { Link } from "@/client/components/link";
import { cn } from "@/client/lib/cn";
import type { CategoryRef } from "@/shared/api-types";
import { categoryPath } from "@/shared/category-paths";

/**
 * A discussion's category (issue 41): its name in the text colour beside a dot and a border in
 * the category's colour, which stands out 3:1 from both themes' backgrounds (shared/categories.ts)
 * while the words keep the theme's own contrast. A link to the category's page.
 */
export function CategoryBadge({
  category,
  className,
}: {
  category: CategoryRef;
  className?: string;
}) {
  return (
    <Link
      to={categoryPath(category.slug)}
      className={cn(
        "relative z-10 inline-flex w-fit shrink-0 items-center gap-1.5 whitespace-nowrap rounded-full border bg-card px-2.5 py-0.5 font-medium text-foreground text-xs hover:bg-accent",
        className,
      )}
      style={{ borderColor: category.colour }}
    >
      <span
        aria-hidden="true"
        className="size-2 rounded-full"
        style={{ backgroundColor: category.colour }}
      />
      {category.name}
    </Link>
  );
}
