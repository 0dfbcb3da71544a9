// The public forms' spam defences on the client (docs/decisions/034): a honeypot field people
// never see or reach, and the signed time the form was shown. A page the server rendered carries
// its token in a hidden field, so the form works without scripts (decision 061); a form the
// browser renders alone asks for one once it is on screen.
import { useEffect, useRef } from "react";
import { api } from "@/client/lib/api-client";
import { usePageFormToken } from "@/client/lib/page-forms";
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
  const pageToken = usePageFormToken();
  const token = useRef<string | undefined>(pageToken ?? undefined);
  useEffect(() => {
    if (token.current) return;
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

/**
 * The honeypot: hidden from sight, from assistive technology and from the tab order; and the
 * page's token, for a post without scripts.
 */
export function Honeypot({ inputRef }: { inputRef: React.RefObject<HTMLInputElement | null> }) {
  // The page's token, sent by the form when it posts without scripts.
  const pageToken = usePageFormToken();
  return (
    // Off-screen rather than display:none, which some bots look for and skip.
    <div aria-hidden="true" className="absolute -left-[10000px] size-px overflow-hidden">
      {pageToken ? <input type="hidden" name={FORM_TOKEN_FIELD} value={pageToken} /> : null}
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
