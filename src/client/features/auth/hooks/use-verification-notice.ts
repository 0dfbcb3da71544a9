import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { toast } from "../../../lib/toast";

/**
 * The sign-up confirmation link lands on /auth?verified=1, or on /auth?error=INVALID_TOKEN
 * (better-auth's code) when it is bad or expired. Tell the person once, then drop the
 * parameters so a reload does not repeat it.
 */
export function useVerificationNotice({ keepUrl }: { keepUrl: boolean }): void {
  const [searchParams, setSearchParams] = useSearchParams();
  const verified = searchParams.get("verified") === "1";
  const failed = searchParams.has("error");

  useEffect(() => {
    if (!verified && !failed) return;
    // Fixed ids: a repeated effect (React StrictMode) updates the same toast.
    if (failed) {
      toast.error("Verification failed", {
        id: "email-verification",
        description: "This confirmation link is invalid or has expired.",
      });
    } else {
      toast.success("Email confirmed", {
        id: "email-verification",
        description: "You can now sign in.",
      });
    }
    // When the page is redirecting away, a second navigation here would undo that.
    if (!keepUrl) {
      setSearchParams(
        (params) => {
          params.delete("verified");
          params.delete("error");
          return params;
        },
        { replace: true },
      );
    }
  }, [verified, failed, keepUrl, setSearchParams]);
}
