import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { paths } from "@/client/lib/paths";
import { useUnsubscribeFromDigest } from "../api/unsubscribe";

/**
 * The page the digest mail's link opens, signed in or not. It asks before acting: mail scanners
 * open links by themselves (the mail's one-click header POSTs directly).
 */
export function DigestUnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribeFromDigest();
  if (!token) {
    return <p>This unsubscribe link is incomplete. Please use the link from the email.</p>;
  }
  if (unsubscribe.isSuccess) {
    return (
      <div className="grid gap-3" role="status">
        <p className="font-medium">You will no longer get the digest.</p>
        <p className="text-muted-foreground">
          You can turn it back on, daily or weekly, in your{" "}
          <Link
            to={`${paths.settings}#digest`}
            className="text-primary underline underline-offset-4"
          >
            settings
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="grid justify-items-start gap-3">
      <p>Stop the digest emails of what you missed?</p>
      {unsubscribe.isError ? (
        <p role="alert" className="text-destructive">
          This unsubscribe link is not valid.
        </p>
      ) : null}
      <Button disabled={unsubscribe.isPending} onClick={() => unsubscribe.mutate(token)}>
        {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
      </Button>
    </div>
  );
}
