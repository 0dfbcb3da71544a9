// The sign-in's second step for an account whose only second factor is a passkey
// (docs/product.md §2.24, decision 063): the password was right; the passkey signs them in.
// Without scripts the page says what they need instead; `Start over` is a link to the form.
import { ScriptsOnly } from "@/client/components/scripts-only";
import { PASSKEY_STEP_NEEDS_SCRIPTS, PASSKEY_STEP_TEXT } from "@/shared/passkeys";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { StartOverLink } from "./start-over-link";

export function PasskeyStep({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">Use your passkey</h2>
        <p className="text-muted-foreground text-sm">{PASSKEY_STEP_TEXT}</p>
      </div>
      <ScriptsOnly note={PASSKEY_STEP_NEEDS_SCRIPTS}>
        <PasskeySignInButton className="w-full" />
      </ScriptsOnly>
      <StartOverLink onStartOver={onStartOver} />
    </div>
  );
}
