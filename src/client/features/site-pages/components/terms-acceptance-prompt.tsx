import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import {
  useAcceptTerms,
  useTermsAcceptance,
} from "@/client/features/site-pages/api/terms-acceptance";
import { errorMessage } from "@/client/lib/api-client";
import { useSession } from "@/client/lib/session/get-session";
import { toast } from "@/client/lib/toast";

/**
 * Asks a signed-in member who has not accepted the terms' latest material change to accept the
 * version shown (docs/decisions/082). Nothing for visitors, nor for members who accepted.
 */
export function TermsAcceptancePrompt({ version }: { version: number }) {
  const session = useSession();
  const signedIn = Boolean(session.data?.user);
  const acceptance = useTermsAcceptance(signedIn);
  const accept = useAcceptTerms();
  const state = acceptance.data;
  if (!signedIn || !state) return null;
  if (state.accepted !== null && state.accepted >= state.required) return null;
  return (
    <Notice tone="info" role="status">
      <p>
        {state.accepted === null
          ? "You have not accepted these terms yet."
          : "These terms have changed since you accepted them."}{" "}
        Please read them and accept them; if you keep using the site, you accept them too.
      </p>
      <Button
        className="mt-3"
        disabled={accept.isPending}
        onClick={() =>
          accept.mutate(version, {
            onSuccess: () => toast.success("Thank you: you accepted the current terms."),
            onError: (error) => toast.error(errorMessage(error)),
          })
        }
      >
        {accept.isPending ? "Accepting..." : "Accept these terms"}
      </Button>
    </Notice>
  );
}
