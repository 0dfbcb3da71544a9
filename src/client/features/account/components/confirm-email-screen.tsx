import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { usePendingConfirmation } from "@/client/features/account/api/get-pending-confirmation";
import { isInvalidLinkError } from "@/client/features/account/lib/invalid-link";
import { ConfirmEmailForm } from "./confirm-email-form";
import { ConfirmLinkInvalid } from "./confirm-link-invalid";

function FormSkeleton() {
  return (
    <div role="status" aria-label="Checking your link" className="grid gap-4">
      <Skeleton className="h-4 w-3/4" />
      {[0, 1].map((key) => (
        <div key={key} className="grid gap-2">
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <Skeleton className="h-10 w-full" />
    </div>
  );
}

type ConfirmEmailScreenProps = {
  token: string;
  onSignedIn: () => Promise<void>;
};

/** Checks the confirmation link, then asks for the name and password that finish the account. */
export function ConfirmEmailScreen({ token, onSignedIn }: ConfirmEmailScreenProps) {
  const { data, error, isPending, refetch } = usePendingConfirmation(token);

  if (isPending) return <FormSkeleton />;
  if (error) {
    if (isInvalidLinkError(error)) return <ConfirmLinkInvalid />;
    return (
      <div role="alert" className="grid justify-items-center gap-3 text-center">
        <p className="text-muted-foreground text-sm">We couldn't check your link just now.</p>
        <Button variant="outline" size="sm" onClick={() => void refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <ConfirmEmailForm token={token} pending={data} onSignedIn={onSignedIn} />;
}
