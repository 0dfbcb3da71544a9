import { useQueryClient } from "@tanstack/react-query";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { paths } from "@/client/lib/paths";
import { signOutSession } from "@/client/lib/session/sign-out";

/** What staff without the second factor their role needs see (docs/product.md §2.24). */
export function SecondFactorRequired() {
  usePageTitle("Set up two-factor authentication");
  const queryClient = useQueryClient();
  return (
    <section className="mx-auto grid max-w-xl gap-4 px-4 py-20 text-center">
      <h1 className="font-bold text-3xl">Set up two-factor authentication</h1>
      <p className="text-muted-foreground">
        Your role needs two-factor authentication. Set it up in your settings to continue: until
        then, only that is open to you.
      </p>
      <div className="flex justify-center gap-3">
        <Button asChild>
          <Link to={`${paths.settings}#settings-two-factor`}>Go to settings</Link>
        </Button>
        <Button variant="outline" onClick={() => void signOutSession(queryClient)}>
          Sign out
        </Button>
      </div>
    </section>
  );
}
