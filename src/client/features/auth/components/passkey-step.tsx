// The sign-in's second step for an account whose only second factor is a passkey
// (docs/product.md §2.24, decision 063): the password was right; the passkey signs them in.
// Without scripts the page says what they need instead; `Start over` is a link to the form.
import { PasskeysWithScripts } from "@/client/components/passkeys-with-scripts";
import { PASSKEY_STEP_TEXT } from "@/shared/passkeys";
import { PasskeySignInButton } from "./passkey-sign-in-button";
import { StartOverLink } from "./start-over-link";

/**
 * Without scripts: an account whose only factor is a passkey has no recovery codes (they come
 * with the authenticator app, decision 060), so the way on is scripts or an admin's reset.
 */
const PASSKEY_STEP_NEEDS_SCRIPTS =
  "Passkeys need JavaScript in this browser: turn it on and sign in again, or sign in on a device where it is on. If you have lost your passkey, ask the site's administrators to reset your two-factor authentication.";

export function PasskeyStep({ onStartOver }: { onStartOver: () => void }) {
  return (
    <div className="grid gap-4">
      <div className="grid gap-1">
        <h2 className="font-semibold text-lg">Use your passkey</h2>
        <p className="text-muted-foreground text-sm">{PASSKEY_STEP_TEXT}</p>
      </div>
      <PasskeysWithScripts note={PASSKEY_STEP_NEEDS_SCRIPTS}>
        <PasskeySignInButton className="w-full" />
      </PasskeysWithScripts>
      <StartOverLink onStartOver={onStartOver} />
    </div>
  );
}
