// The sign-in's second step (docs/product.md §2.24): a code from the authenticator app, or a
// recovery code instead.
import { type FormEvent, useState } from "react";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import { useVerifySecondStep } from "@/client/features/auth/api/verify-second-step";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { recoveryCodeSchema, totpCodeSchema } from "@/shared/second-factor";
import { PasskeySignInButton } from "./passkey-sign-in-button";

export function SecondStepForm({ onStartOver }: { onStartOver: () => void }) {
  const verify = useVerifySecondStep();
  const [kind, setKind] = useState<"app" | "recovery">("app");
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);

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

  const switchKind = () => {
    setKind(kind === "app" ? "recovery" : "app");
    setCode("");
    setError(null);
  };

  return (
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
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
      <PasskeySignInButton className="w-full" />
      <div className="flex justify-between text-sm">
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={switchKind}
        >
          {kind === "app" ? "Use a recovery code instead" : "Use your authenticator app instead"}
        </button>
        <button
          type="button"
          className="text-primary underline-offset-4 hover:underline"
          onClick={onStartOver}
        >
          Start over
        </button>
      </div>
    </form>
  );
}
