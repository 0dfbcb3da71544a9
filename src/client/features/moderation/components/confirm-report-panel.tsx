import { Button } from "@/client/components/ui/button";
import { useConfirmVisitorReport } from "@/client/features/moderation/api/confirm-visitor-report";
import { errorMessage } from "@/client/lib/api-client";

/**
 * Confirms a visitor's report from the link mailed to its address (docs/decisions/079). It asks
 * before acting: mail scanners open links by themselves.
 */
export function ConfirmReportPanel({ token }: { token: string }) {
  const confirm = useConfirmVisitorReport();
  if (!token) {
    return (
      <p role="alert" className="text-muted-foreground text-sm">
        This link is incomplete. Please use the link from the email we sent you.
      </p>
    );
  }
  if (confirm.isSuccess) {
    return (
      <p role="status" className="font-medium">
        Thank you: your address is confirmed. We will tell you the outcome.
      </p>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        Press the button to confirm that you sent the report. Reports from confirmed addresses are
        looked at sooner.
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
        {confirm.isPending ? "Confirming..." : "Confirm my report"}
      </Button>
    </div>
  );
}
