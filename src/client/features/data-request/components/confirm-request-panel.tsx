import { Button } from "@/client/components/ui/button";
import { useConfirmDataRequest } from "@/client/features/data-request/api/confirm-data-request";
import { errorMessage } from "@/client/lib/api-client";
import { DATA_REQUEST_RESPONSE_DAYS } from "@/shared/constants";

/**
 * Confirms a data request from the link mailed to its address. It asks before acting: mail
 * scanners open links by themselves.
 */
export function ConfirmRequestPanel({ token }: { token: string }) {
  const confirm = useConfirmDataRequest();
  if (!token) {
    return (
      <p role="alert" className="text-muted-foreground text-sm">
        This link is incomplete. Please use the link from the email we sent you.
      </p>
    );
  }
  if (confirm.isSuccess) {
    return (
      <div role="status" className="grid gap-2">
        <p className="font-medium">Your request is confirmed.</p>
        <p className="text-muted-foreground text-sm">
          Thank you. We will answer within {DATA_REQUEST_RESPONSE_DAYS} days of receiving it.
        </p>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Press the button to confirm that you made this data protection request. We act on an account
        only once its owner has confirmed.
      </p>
      {confirm.isError ? (
        <p role="alert" className="text-destructive text-sm">
          {errorMessage(confirm.error)}
        </p>
      ) : null}
      <Button
        type="button"
        className="w-fit"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(token)}
      >
        {confirm.isPending ? "Confirming..." : "Confirm my request"}
      </Button>
    </div>
  );
}
