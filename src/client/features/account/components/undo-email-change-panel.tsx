import type * as React from "react";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { useUndoEmailChange } from "@/client/features/account/api/undo-email-change";
import { isInvalidLinkError } from "@/client/features/account/lib/invalid-link";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";
import type { EmailChangeUndoResult } from "@/shared/api-types";
import { undoEmailChangeSchema } from "@/shared/schemas";
import { InvalidLinkNotice } from "./invalid-link-notice";

/** The API's path, posted to by the plain form before (or without) the scripts. */
const UNDO_ENDPOINT = "/api/account/email/undo";

const REFUSAL_CODES: Record<string, EmailChangeUndoResult> = {
  ALREADY_UNDONE: "already-undone",
  CHANGE_SUPERSEDED: "superseded",
  EMAIL_IN_USE: "taken",
};

const RESULTS: readonly string[] = [
  "undone",
  "already-undone",
  "invalid",
  "superseded",
  "taken",
] satisfies EmailChangeUndoResult[];

function resultOfError(error: unknown): EmailChangeUndoResult | null {
  if (isInvalidLinkError(error)) return "invalid";
  return error instanceof ApiError ? (REFUSAL_CODES[error.code] ?? null) : null;
}

function ActionLink({ to, children }: { to: string; children: React.ReactNode }) {
  return (
    <Link to={to} className={buttonVariants({ variant: "outline" })}>
      {children}
    </Link>
  );
}

/** What happened, in docs/product.md §2.14's words. */
function UndoResult({ result }: { result: EmailChangeUndoResult }) {
  if (result === "invalid") {
    return (
      <InvalidLinkNotice action={{ to: paths.contact, label: "Contact us" }}>
        <p>
          An undo link works once, for 7 days after the change. If someone else still has your
          account, contact us.
        </p>
      </InvalidLinkNotice>
    );
  }
  if (result === "undone" || result === "already-undone") {
    return (
      <div className="grid gap-4">
        <Notice tone="success" role="status">
          <p className="font-medium">
            {result === "undone" ? "Email change undone" : "This change is already undone"}
          </p>
          <p>
            Your account's email is the address this link was sent to again, and everyone has been
            signed out. We've emailed that address a link to choose a new password.
          </p>
        </Notice>
        <ActionLink to={paths.forgotPassword}>Send another password link</ActionLink>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <Notice tone="error" role="alert">
        <p className="font-medium">The change was not undone</p>
        <p>
          {result === "taken"
            ? "Another account uses your previous address now, so it can't be given back to your account here."
            : "This link is for an earlier change: your account's email has changed again since."}{" "}
          If someone else has your account, contact us.
        </p>
      </Notice>
      <ActionLink to={paths.contact}>Contact us</ActionLink>
    </div>
  );
}

type UndoEmailChangePanelProps = {
  token: string;
  /** The answer to the plain form (`?result=`), when the page was posted without scripts. */
  result: string | null;
  /** Runs after the undo: every session has ended, perhaps this browser's. */
  onUndone: () => Promise<void>;
};

/**
 * Asks before undoing: mail scanners open links on their own. The form posts to the API
 * itself, so the button works before the scripts start; once they have, it posts as JSON.
 */
export function UndoEmailChangePanel({ token, result, onUndone }: UndoEmailChangePanelProps) {
  const undo = useUndoEmailChange();

  const finished = undo.isSuccess ? "undone" : resultOfError(undo.error);
  if (finished) return <UndoResult result={finished} />;
  if (result && RESULTS.includes(result)) {
    return <UndoResult result={result as EmailChangeUndoResult} />;
  }
  if (!undoEmailChangeSchema.safeParse({ token }).success) {
    return (
      <p role="alert" className="text-muted-foreground text-sm">
        This link is incomplete. Please use the link from the email we sent to your previous
        address.
      </p>
    );
  }

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    undo.mutate({ token }, { onSuccess: () => onUndone() });
  };

  return (
    <form method="post" action={UNDO_ENDPOINT} onSubmit={onSubmit} className="grid gap-4">
      <input type="hidden" name="token" value={token} />
      <p className="text-sm">
        If you didn't change your account's email, undo it here. The account goes back to the
        address this link was sent to, everyone is signed out (whoever made the change too), the
        current password stops working, and we email you a link to choose a new one.
      </p>
      {undo.isError ? (
        <Notice tone="error" role="alert">
          <p className="font-medium">The change was not undone</p>
          <p>{errorMessage(undo.error)}</p>
        </Notice>
      ) : null}
      <Button type="submit" className="w-full" disabled={undo.isPending}>
        {undo.isPending ? "Undoing..." : "Undo the change"}
      </Button>
    </form>
  );
}
