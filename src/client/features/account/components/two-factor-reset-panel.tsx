import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { useFinishTwoFactorReset } from "@/client/features/account/api/finish-two-factor-reset";
import { errorMessage } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";

/**
 * The admin-started reset link (decision 060): it asks before acting (mail scanners open
 * links by themselves), then turns two-factor off and signs everyone out.
 */
export function TwoFactorResetPanel({ token }: { token: string }) {
  const reset = useFinishTwoFactorReset();
  if (!token) {
    return (
      <p role="alert" className="text-muted-foreground text-sm">
        This link is incomplete. Please use the link from the email we sent you.
      </p>
    );
  }
  if (reset.isSuccess) {
    return (
      <div role="status" className="grid gap-3">
        <p className="font-medium">Two-factor authentication is off</p>
        <Button asChild className="w-fit">
          <Link to={paths.auth}>Sign in</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Press the button to turn two-factor authentication off for your account. Everyone is signed
        out; you can then sign in with your password and set it up again.
      </p>
      {reset.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(reset.error)}
        </p>
      ) : null}
      <Button
        type="button"
        className="w-fit"
        disabled={reset.isPending}
        onClick={() => reset.mutate(token)}
      >
        {reset.isPending ? "Resetting..." : "Turn off two-factor authentication"}
      </Button>
    </div>
  );
}
