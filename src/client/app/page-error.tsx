import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { paths } from "@/client/lib/paths";

export function PageError() {
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-bold text-3xl">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        This page could not be shown. Reloading usually helps.
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <button type="button" className={buttonVariants()} onClick={() => window.location.reload()}>
          Reload page
        </button>
        <Link to={paths.home} className={buttonVariants({ variant: "outline" })}>
          Return to Home
        </Link>
      </div>
    </section>
  );
}
