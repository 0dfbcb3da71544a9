import { useEffect } from "react";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useLocation } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";

export function NotFoundPage() {
  usePageTitle("Page not found");
  const { pathname } = useLocation();

  // The browser's own address: a path no route can match is routed under a stand-in
  // (app/router.tsx), so the router's pathname is not always the one asked for.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new path is the trigger, not an input.
  useEffect(() => {
    console.warn("404: attempted to open", window.location.pathname);
  }, [pathname]);

  return (
    <section className="mx-auto flex max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <p className="font-bold font-serif text-7xl text-primary">404</p>
      <h1 className="mt-4 font-semibold text-2xl">Oops! Page not found</h1>
      <Button asChild className="mt-8">
        <Link to={paths.home}>Return to Home</Link>
      </Button>
    </section>
  );
}
