// The sign-in's second step (docs/product.md §2.24): a code from the authenticator app, or a
// recovery code instead. Sent without scripts, it posts to the page (decision 061), which sends
// the code to the route for its kind; the switch between the two kinds posts too, and the page
// comes back asking for the other kind.
import { type FormEvent, type MouseEvent, useState } from "react";
import { TextField } from "@/client/components/form/text-field";
import { PasskeysWithScripts } from "@/client/components/passkeys-with-scripts";
import { Button } from "@/client/components/ui/button";
import { useVerifySecondStep } from "@/client/features/auth/api/verify-second-step";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { useFormAction } from "@/client/lib/page-forms";
import { toast } from "@/client/lib/toast";
import { INTENT_FIELD, type PostedForm } from "@/shared/public-forms";
import {
  recoveryCodeSchema,
  SECOND_STEP_SWITCH_FIELD,
  totpCodeSchema,
} from "@/shared/second-factor";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { StartOverLink } from "./start-over-link";

type SecondStepFormProps = {
  /** The server's answer to this step sent without scripts, if the page shows one. */
  posted: PostedForm | null;
  onStartOver: () => void;
};

export function SecondStepForm({ posted, onStartOver }: SecondStepFormProps) {
  const verify = useVerifySecondStep();
  const action = useFormAction();
  const [kind, setKind] = useState<"app" | "recovery">(
    posted?.values.kind === "recovery" ? "recovery" : "app",
  );
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(
    posted ? (posted.fieldErrors.code ?? posted.error) : null,
  );

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = (kind === "app" ? totpCodeSchema : recoveryCodeSchema).safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? "Enter the code");
      return;
    }
    setError(null);
    try {
      await verify.mutateAsync({ kind, code: parsed.data });
      toast.success("Welcome back!", { description: "You have been successfully logged in." });
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.code : undefined;
      if (failure instanceof ApiError && failure.code === "SIGN_IN_EXPIRED") {
        toast.error(failure.message);
        onStartOver();
        return;
      }
      setError(fieldMessage ?? errorMessage(failure));
    }
  };

  const otherKind = kind === "app" ? "recovery" : "app";
  // With scripts the form switches in place; without, the button posts and the page comes back.
  const switchKind = (event: MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    setKind(otherKind);
    setCode("");
    setError(null);
  };

  return (
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="second-step" />
      <input type="hidden" name="kind" value={kind} />
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">Two-factor authentication</h2>
        <p className="text-muted-foreground text-sm">
          {kind === "app"
            ? "Enter the 6-digit code from your authenticator app."
            : "Enter one of the recovery codes you saved."}
        </p>
      </div>
      <TextField
        key={kind}
        id="sign-in-code"
        name="code"
        label={kind === "app" ? "Code" : "Recovery code"}
        inputMode={kind === "app" ? "numeric" : "text"}
        autoComplete="one-time-code"
        autoFocus
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" className="w-full" disabled={verify.isPending}>
        {verify.isPending ? "Verifying..." : "Verify"}
      </Button>
      {/* A passkey is the sign-in and the second factor at once (decision 063). */}
      <PasskeysWithScripts noteClassName="text-center">
        <PasskeySignInButton className="w-full" />
      </PasskeysWithScripts>
      {/* Wraps rather than squeezing both into two lines each on a phone. */}
      <div className="flex flex-wrap justify-between gap-x-4 gap-y-2 text-sm">
        <button
          type="submit"
          name={SECOND_STEP_SWITCH_FIELD}
          value={otherKind}
          formNoValidate
          className="whitespace-nowrap text-left text-primary underline-offset-4 hover:underline"
          onClick={switchKind}
        >
          {kind === "app" ? "Use a recovery code instead" : "Use your authenticator app instead"}
        </button>
        <StartOverLink onStartOver={onStartOver} />
      </div>
    </form>
  );
}
