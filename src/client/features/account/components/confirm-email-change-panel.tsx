import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useConfirmEmailChange } from "@/client/features/account/api/confirm-email-change";
import { isInvalidLinkError } from "@/client/features/account/lib/invalid-link";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";
import { InvalidLinkNotice } from "./invalid-link-notice";

const EMAIL_IN_USE = "EMAIL_IN_USE";

type ConfirmEmailChangePanelProps = {
  token: string;
  /** Whether someone is signed in here (the link may be opened on another device). */
  signedIn: boolean;
  /** Runs after the change: the session's email is out of date. */
  onConfirmed: () => Promise<void>;
};

function isEmailInUse(error: unknown): boolean {
  return error instanceof ApiError && error.code === EMAIL_IN_USE;
}

function ChangeFailed({ error }: { error: unknown }) {
  if (isInvalidLinkError(error)) {
    return (
      <InvalidLinkNotice action={{ to: paths.settings, label: "Go to account settings" }}>
        <p>
          Only the newest link works, and only once. You can ask for a new one in your account
          settings.
        </p>
      </InvalidLinkNotice>
    );
  }
  return (
    <Notice tone="error" role="alert">
      <p className="font-medium">Your email was not changed</p>
      <p>
        {isEmailInUse(error)
          ? "Another account uses this email address now, so your email stays as it was."
          : errorMessage(error)}
      </p>
    </Notice>
  );
}

/**
 * Asks before confirming: mail scanners open links on their own, and the change must come
 * from the person who holds the new inbox.
 */
export function ConfirmEmailChangePanel({
  token,
  signedIn,
  onConfirmed,
}: ConfirmEmailChangePanelProps) {
  const confirmChange = useConfirmEmailChange();

  if (confirmChange.isSuccess) {
    return (
      <div className="grid gap-4">
        <Notice tone="success" role="status">
          <p className="font-medium">Email changed</p>
          <p>
            Your email address is now{" "}
            <strong className="wrap-anywhere">{confirmChange.data.email}</strong>. Use it to sign in
            from now on.
          </p>
        </Notice>
        <Link
          to={signedIn ? paths.settings : paths.auth}
          className={buttonVariants({ variant: "outline" })}
        >
          {signedIn ? "Back to account settings" : "Sign In"}
        </Link>
      </div>
    );
  }

  // Trying again cannot help with a dead link or a taken address.
  const { error } = confirmChange;
  if (error && (isInvalidLinkError(error) || isEmailInUse(error))) {
    return <ChangeFailed error={error} />;
  }

  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Press the button to make this address your account's email. You'll use it to sign in from
        then on.
      </p>
      {error ? <ChangeFailed error={error} /> : null}
      <Button
        className="w-full"
        disabled={confirmChange.isPending}
        onClick={() => confirmChange.mutate({ token }, { onSuccess: () => onConfirmed() })}
      >
        {confirmChange.isPending ? "Confirming..." : "Confirm email change"}
      </Button>
    </div>
  );
}
