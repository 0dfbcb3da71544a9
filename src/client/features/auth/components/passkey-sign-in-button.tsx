// "Sign in with a passkey" (docs/product.md §2.24, decision 063), and the browser's autofill on
// the email field (conditional UI) while the sign-in form is shown. The WebAuthn code downloads
// only on this page (client/lib/passkey-prompt.ts).
import { useEffect } from "react";
import { Button } from "@/client/components/ui/button";
import { useSignInWithPasskey } from "@/client/features/auth/api/sign-in-with-passkey";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { cancelPasskeyPrompt, passkeyAutofillSupported } from "@/client/lib/passkey-prompt";
import {
  isPasskeyPromptCancelled,
  passkeyPromptMessage,
} from "@/client/lib/passkey-prompt-message";
import { toast } from "@/client/lib/toast";

function welcome() {
  toast.success("Welcome back!", { description: "You have been successfully logged in." });
}

function announceFailure(error: unknown) {
  if (error instanceof ApiError) toast.error(errorMessage(error));
  else if (!isPasskeyPromptCancelled(error)) toast.error(passkeyPromptMessage(error));
}

/**
 * Offers the site's passkeys in the email field's suggestions (`autocomplete="… webauthn"`).
 * The request waits in the background while the member may well sign in with their password:
 * a failure is told only once they have picked a passkey there. Before that they asked for
 * nothing, and "This browser could not use a passkey" beside a password sign-in's answer
 * (seen once, under load) told them of a failure they had no part in.
 */
export function usePasskeyAutofill() {
  const signIn = useSignInWithPasskey();
  const { mutateAsync } = signIn;
  useEffect(() => {
    let active = true;
    let chosen = false;
    void passkeyAutofillSupported().then(async (supported) => {
      if (!supported || !active) return;
      try {
        await mutateAsync({
          autofill: true,
          onChosen: () => {
            chosen = true;
          },
        });
        welcome();
      } catch (error) {
        // The page was left or the button took over: both cancel the waiting request.
        if (active && chosen) announceFailure(error);
      }
    });
    return () => {
      active = false;
      void cancelPasskeyPrompt();
    };
  }, [mutateAsync]);
}

export function PasskeySignInButton({ className }: { className?: string }) {
  const signIn = useSignInWithPasskey();
  // Shown in every browser (the server-rendered page cannot know): one without passkeys is
  // told so when it tries.
  const onClick = async () => {
    try {
      await signIn.mutateAsync({ autofill: false });
      welcome();
    } catch (error) {
      announceFailure(error);
    }
  };
  return (
    <Button
      type="button"
      variant="outline"
      className={className}
      disabled={signIn.isPending}
      onClick={() => void onClick()}
    >
      {signIn.isPending ? "Waiting for your passkey..." : "Sign in with a passkey"}
    </Button>
  );
}
