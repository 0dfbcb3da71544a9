// The public forms' spam defences on the client (docs/decisions/034): a honeypot field people
// never see or reach, and the signed time the form was shown, asked for once the form is on
// screen (an effect: nothing of it is in the server's HTML, so hydration cannot differ).
import { useEffect, useRef } from "react";
import { api } from "@/client/lib/api-client";
import {
  FORM_TOKEN_FIELD,
  type FormTokenResponse,
  HONEYPOT_FIELD,
  type SpamFields,
} from "@/shared/spam";

/**
 * A form's spam fields: render `<Honeypot inputRef={honeypotRef} />` inside the form and send
 * `spamFields()` with the submission.
 */
export function useSpamGuard() {
  const honeypotRef = useRef<HTMLInputElement>(null);
  const token = useRef<string | undefined>(undefined);
  useEffect(() => {
    const controller = new AbortController();
    api
      .get<FormTokenResponse>("/api/forms/token", { signal: controller.signal })
      .then((answer) => {
        token.current = answer.token;
      })
      // Without a token the submission is still sent; the server holds it for review.
      .catch(() => undefined);
    return () => controller.abort();
  }, []);
  const spamFields = (): SpamFields => ({
    [HONEYPOT_FIELD]: honeypotRef.current?.value ?? "",
    [FORM_TOKEN_FIELD]: token.current,
  });
  return { honeypotRef, spamFields };
}

/** The honeypot: hidden from sight, from assistive technology and from the tab order. */
export function Honeypot({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  return (
    // Off-screen rather than display:none, which some bots look for and skip.
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      <label>
        Website
        <input
          ref={inputRef}
          type="text"
          name={HONEYPOT_FIELD}
          tabIndex={-1}
          autoComplete="off"
          defaultValue=""
        />
      </label>
    </div>
  );
}
