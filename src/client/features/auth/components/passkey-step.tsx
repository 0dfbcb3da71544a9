// The sign-in's second step for an account whose only second factor is a passkey
// (docs/product.md §2.24, decision 063): the password was right; the passkey signs them in.
import { PASSKEY_STEP_TEXT } from "@/shared/passkeys";
import { PasskeySignInButton } from "./passkey-sign-in-button";

export function PasskeyStep({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">Use your passkey</h2>
        <p className="text-muted-foreground text-sm">{PASSKEY_STEP_TEXT}</p>
      </div>
      <PasskeySignInButton className="w-full" />
      <button
        type="button"
        className="w-fit text-primary text-sm underline-offset-4 hover:underline"
        onClick={onStartOver}
      >
        Start over
      </button>
    </div>
  );
}
