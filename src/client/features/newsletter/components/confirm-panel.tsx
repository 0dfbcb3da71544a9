import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useConfirmNewsletter } from "@/client/features/newsletter/api/confirm-newsletter";
import { errorMessage } from "@/client/lib/api-client";
import { useSearchParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";

/**
 * The page the confirmation email's link opens (docs/decisions/028). It asks for a click:
 * mail scanners open links on their own, and only the address's owner may subscribe it.
 */
export function ConfirmPanel() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const confirm = useConfirmNewsletter();

  if (!token) {
    return (
      <p role="alert" className="text-muted-foreground">
        This confirmation link is incomplete. Please use the link from your email.
      </p>
    );
  }

  if (confirm.isSuccess) {
    return (
      <div role="status" className="grid gap-4">
        <p className="font-medium">
          {confirm.data.status === "confirmed"
            ? "Your subscription is confirmed."
            : "You're already subscribed."}
        </p>
        <p className="break-words text-muted-foreground">
          {confirm.data.email} will receive the newsletter. Every email has a link to unsubscribe.
        </p>
        <Link to={paths.home} className={`${buttonVariants({ variant: "outline" })} w-fit`}>
          Back to the home page
        </Link>
      </div>
    );
  }

  return (
    <div className="grid gap-4">
      <p>Confirm that you want to receive the newsletter at this address.</p>
      {confirm.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(confirm.error)}
        </p>
      ) : null}
      <Button className="w-fit" disabled={confirm.isPending} onClick={() => confirm.mutate(token)}>
        {confirm.isPending ? "Confirming..." : "Confirm subscription"}
      </Button>
    </div>
  );
}
