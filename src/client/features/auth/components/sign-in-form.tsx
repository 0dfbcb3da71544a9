import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/client/components/form/text-field";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { PasskeysWithScripts } from "@/client/components/passkeys-with-scripts";
import { Button } from "@/client/components/ui/button";
import { EMAIL_NOT_VERIFIED, useSignIn } from "@/client/features/auth/api/sign-in";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { INTENT_FIELD, type PostedForm } from "@/shared/public-forms";
import { type SignInInput, signInSchema } from "@/shared/schemas";
import { PasskeySignInButton, usePasskeyAutofill } from "./passkey-sign-in-button";
import { PasskeyStep } from "./passkey-step";
import { ResendConfirmationButton } from "./resend-confirmation-button";
import { SecondStepForm } from "./second-step-form";

const FIELDS = ["email", "password"] as const;

/** The second step's answer when the pending sign-in has run out: the sign-in starts over. */
const SIGN_IN_EXPIRED = "SIGN_IN_EXPIRED";

/**
 * A sign-in sent without scripts whose password was right, for an account with a second factor:
 * which step comes next (better-auth's `twoFactorRedirect`, or our `passkeyRequired`).
 */
function secondStepOf(posted: PostedForm | null): "code" | "passkey" | null {
  if (!posted?.ok) return null;
  const answer = posted.answer as { twoFactorRedirect?: unknown; passkeyRequired?: unknown } | null;
  if (answer?.passkeyRequired) return "passkey";
  return answer?.twoFactorRedirect ? "code" : null;
}

function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === EMAIL_NOT_VERIFIED;
}

/** On success the session appears and the auth page sends the member on (docs/product.md §2.12). */
export function SignInForm() {
  const signIn = useSignIn();
  // The server's answer to this form sent without scripts (docs/decisions/061): it shows until
  // the form is sent again.
  const posted = usePostedForm("sign-in");
  const postedStep = usePostedForm("second-step");
  const stepExpired = postedStep?.code === SIGN_IN_EXPIRED;
  const action = useFormAction();
  // The address a sign-in was refused for because it is not confirmed yet.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(
    posted?.code === EMAIL_NOT_VERIFIED ? (posted.values.email ?? null) : null,
  );
  // The password was right and the account asks a second factor (docs/product.md §2.24): a
  // code, or its passkey when that is its only factor (decision 063). Without scripts, the
  // server's answer to either step says so.
  const [secondStep, setSecondStep] = useState<"code" | "passkey" | null>(
    () => secondStepOf(posted) ?? (postedStep !== null && !stepExpired ? "code" : null),
  );
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: posted?.values.email ?? "", password: "" },
  });
  const shown = submitCount === 0 ? (stepExpired ? postedStep : posted) : null;

  const onSubmit = handleSubmit(async (values) => {
    setUnconfirmedEmail(null);
    try {
      const outcome = await signIn.mutateAsync(values);
      if (outcome !== "signed-in") {
        setSecondStep(outcome === "second-step" ? "code" : "passkey");
        return;
      }
      toast.success("Welcome back!", { description: "You have been successfully logged in." });
    } catch (error) {
      if (isUnconfirmed(error)) {
        setUnconfirmedEmail(values.email);
        return;
      }
      setServerFieldErrors(error, setError, FIELDS);
      toast.error(errorMessage(error));
    }
  });

  if (secondStep === "code") {
    return <SecondStepForm posted={postedStep} onStartOver={() => setSecondStep(null)} />;
  }
  if (secondStep === "passkey") return <PasskeyStep onStartOver={() => setSecondStep(null)} />;

  return (
    // POST: a submit before the scripts have started must not put the fields in the address.
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="sign-in" />
      {postedFormError(shown) && !unconfirmedEmail ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown)}</p>
        </Notice>
      ) : null}
      {unconfirmedEmail ? (
        <Notice role="alert">
          <p>
            Please confirm your email address first. Check your inbox for the confirmation link.
          </p>
          <ResendConfirmationButton email={unconfirmedEmail} />
        </Notice>
      ) : null}
      <PasskeyAutofill />
      {/* "webauthn": the browser offers the site's passkeys here too (decision 063). */}
      <TextField
        id="sign-in-email"
        label="Email"
        type="email"
        autoComplete="username webauthn"
        error={errors.email?.message ?? shown?.fieldErrors.email}
        defaultValue={posted?.values.email}
        {...register("email")}
      />
      <div className="grid gap-2">
        <TextField
          id="sign-in-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message ?? shown?.fieldErrors.password}
          {...register("password")}
        />
        <Link
          to={paths.forgotPassword}
          className="w-fit rounded-sm text-primary text-sm underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Signing in..." : "Sign in"}
      </Button>
      <PasskeysWithScripts noteClassName="text-center">
        <p className="text-center text-muted-foreground text-sm">or</p>
        <PasskeySignInButton className="w-full" />
      </PasskeysWithScripts>
    </form>
  );
}

/** The autofill's waiting request lives while the password form is shown. */
function PasskeyAutofill() {
  usePasskeyAutofill();
  return null;
}
