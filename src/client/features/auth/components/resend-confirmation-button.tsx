import { MailCheck } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { useResendConfirmation } from "@/client/features/auth/api/resend-confirmation";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";

/** Asks for a fresh confirmation link to `email`; earlier links stop working. */
export function ResendConfirmationButton({ email }: { email: string }) {
  const resend = useResendConfirmation();

  const onClick = () =>
    resend.mutate(
      { email },
      {
        onSuccess: () =>
          toast.success("Confirmation email sent", {
            description: `Check ${email} for a new link. Only the newest link works.`,
          }),
        // 429 carries the server's own "wait a while" message.
        onError: (error) => toast.error(errorMessage(error)),
      },
    );

  return (
    <Button
      type="button"
      variant="outline"
      size="sm"
      className="w-fit"
      disabled={resend.isPending}
      onClick={onClick}
    >
      <MailCheck aria-hidden="true" />
      {resend.isPending ? "Sending..." : "Resend confirmation email"}
    </Button>
  );
}
