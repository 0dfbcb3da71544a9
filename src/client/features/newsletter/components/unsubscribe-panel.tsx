import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useUnsubscribeFromNewsletter } from "@/client/features/newsletter/api/unsubscribe-from-newsletter";
import { errorMessage } from "@/client/lib/api-client";
import { useSearchParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";

/**
 * The page the welcome email's link opens. It asks before unsubscribing: mail scanners open
 * links on their own, and a click-to-unsubscribe link would sign people out unasked.
 */
export function UnsubscribePanel() {
  const [params] = useSearchParams();
  const email = params.get("email") ?? "";
  const token = params.get("token") ?? "";
  const unsubscribe = useUnsubscribeFromNewsletter();

  if (!email || !token) {
    return (
      <p role="alert" className="text-muted-foreground">
        This unsubscribe link is incomplete. Please use the link from your newsletter email.
      </p>
    );
  }

  if (unsubscribe.isSuccess) {
    return (
      <div role="status" className="grid gap-4">
        <p className="font-medium">You have been unsubscribed.</p>
        <p className="text-muted-foreground">
          {email} will not receive the newsletter any more. Changed your mind? You can subscribe
          again from the home page at any time.
        </p>
        <Link to={paths.home} className={`${buttonVariants({ variant: "outline" })} w-fit`}>
          Back to the home page
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p>
        Stop sending the newsletter to <strong className="break-all">{email}</strong>?
      </p>
      {unsubscribe.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(unsubscribe.error)}
        </p>
      ) : null}
      <Button
        className="w-fit"
        disabled={unsubscribe.isPending}
        onClick={() => unsubscribe.mutate({ email, token })}
      >
        {unsubscribe.isPending ? "Unsubscribing..." : "Unsubscribe"}
      </Button>
    </div>
  );
}
