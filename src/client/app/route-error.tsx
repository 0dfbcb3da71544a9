import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { Button } from "../components/ui/button";
import { paths } from "../lib/paths";

/** Catches what a page throws while rendering or loading (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-bold text-3xl">Something went wrong</h1>
      <p className="mt-3 text-muted-foreground">
        {detail ?? "This page could not be shown. Reloading usually helps."}
      </p>
      <div className="mt-6 flex justify-center gap-3">
        <Button type="button" onClick={() => window.location.reload()}>
          Reload page
        </Button>
        <Button asChild variant="outline">
          <Link to={paths.home}>Return to Home</Link>
        </Button>
      </div>
    </section>
  );
}
