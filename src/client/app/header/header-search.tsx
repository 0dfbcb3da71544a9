import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";

/**
 * A small search box on wide screens (a GET form to /search, which works before the scripts
 * start) and a link to /search below them, where the header has no room. Plain elements and
 * class strings: see site-header.tsx on what the first download may include.
 */
export function HeaderSearch() {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    navigate(paths.search((form.q as HTMLInputElement).value.trim()));
    form.reset();
  };
  return (
    <>
      <search aria-label="Site search" className="max-lg:hidden">
        <form action={paths.search()} onSubmit={submit}>
          <input
            type="search"
            name="q"
            aria-label="Search the site"
            placeholder="Search"
            className="h-9 w-44 rounded-md border border-input bg-card px-3 text-sm placeholder:text-muted-foreground"
          />
        </form>
      </search>
      <Link
        to={paths.search()}
        aria-label="Search"
        className={`${buttonVariants({ variant: "ghost", size: "icon" })} lg:hidden`}
      >
        <Search aria-hidden="true" className="size-5" />
      </Link>
    </>
  );
}
