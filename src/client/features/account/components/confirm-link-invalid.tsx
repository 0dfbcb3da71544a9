import { paths } from "@/client/lib/paths";
import { InvalidLinkNotice } from "./invalid-link-notice";

/** A sign-up confirmation link that is bad, used or replaced: how to get a new one. */
export function ConfirmLinkInvalid() {
  return (
    <InvalidLinkNotice action={{ to: paths.auth, label: "Go to sign in" }}>
      <p>
        Only the newest confirmation link works, and only once. For a new one, sign in and choose
        "Resend confirmation email", or sign up again with the same address.
      </p>
    </InvalidLinkNotice>
  );
}
