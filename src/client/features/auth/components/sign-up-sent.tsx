import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { ResendConfirmationButton } from "./resend-confirmation-button";

type SignUpSentProps = {
  email: string;
  /** Shows the sign-up form again, for a mistyped address. */
  onStartOver: () => void;
};

/**
 * What a sign-up leads to: the account becomes usable only through the emailed link, on a page
 * where the inbox's holder chooses the password.
 */
export function SignUpSent({ email, onStartOver }: SignUpSentProps) {
  return (
    <div className="grid gap-4">
      <Notice tone="success" role="status">
        <p className="font-medium">Check your inbox</p>
        <p>
          We've sent a confirmation link to <strong className="wrap-anywhere">{email}</strong>. Open
          it to choose your password and finish creating your account.
        </p>
      </Notice>
      <p className="text-muted-foreground text-sm">
        Nothing arrived after a few minutes? Check your spam folder, or send the link again.
      </p>
      <div className="flex flex-wrap items-center gap-2">
        <ResendConfirmationButton email={email} />
        <Button type="button" variant="ghost" size="sm" onClick={onStartOver}>
          Use a different email
        </Button>
      </div>
    </div>
  );
}
