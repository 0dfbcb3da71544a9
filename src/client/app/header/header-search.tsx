import { Search } from "lucide-react";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { paths } from "@/client/lib/paths";

/**
 * The header's way to search, at every width: a button to /search, whose box takes the words.
 * A box in the header itself cost the home page's first download about 0.3 KB it does not have
 * (bench/budget.test.ts, decision 074). Plain elements and class strings: see site-header.tsx.
 */
export function HeaderSearch() {
  return (
    <Link
      to={paths.search()}
      aria-label="Search"
      className={buttonVariants({ variant: "ghost", size: "icon" })}
    >
      <Search aria-hidden="true" className="size-5" />
    </Link>
  );
}
