import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { paths } from "@/client/lib/paths";
import { useUnsubscribeFromNotifications } from "../api/unsubscribe";

/**
 * The page a notification email's link opens, signed in or not. It asks before acting: mail
 * scanners open links by themselves (the email's one-click header POSTs directly).
 */
export function UnsubscribePanel({ token }: { token: string | null }) {
  const unsubscribe = useUnsubscribeFromNotifications();
  if (!token) {
    return <p>This unsubscribe link is incomplete. Please use the link from the email.</p>;
  }
  if (unsubscribe.isSuccess) {
    return (
      <div className="grid gap-3" role="status">
        <p className="font-medium">You have been unsubscribed.</p>
        <p className="text-muted-foreground">
          No more emails about: {unsubscribe.data.unsubscribed.join(", ").toLowerCase()}. You can
          turn them back on in your{" "}
          <Link to={paths.settings} className="text-primary underline underline-offset-4">
            settings
          </Link>
          .
        </p>
      </div>
    );
  }
  return (
    <div className="grid justify-items-start gap-3">
      <p>Stop these notification emails?</p>
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
