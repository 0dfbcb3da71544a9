import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/client/components/form/text-field";
import { Link } from "@/client/components/link";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { EMAIL_NOT_VERIFIED, useSignIn } from "@/client/features/auth/api/sign-in";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { type SignInInput, signInSchema } from "@/shared/schemas";
import { PasskeySignInButton, usePasskeyAutofill } from "./passkey-sign-in-button";
import { PasskeyStep } from "./passkey-step";
import { ResendConfirmationButton } from "./resend-confirmation-button";
import { SecondStepForm } from "./second-step-form";

const FIELDS = ["email", "password"] as const;

function isUnconfirmed(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403 && error.code === EMAIL_NOT_VERIFIED;
}

/** On success the session appears and the auth page sends the member on (docs/product.md §2.12). */
export function SignInForm() {
  const signIn = useSignIn();
  // The address a sign-in was refused for because it is not confirmed yet.
  const [unconfirmedEmail, setUnconfirmedEmail] = useState<string | null>(null);
  // The password was right and the account asks a second factor (docs/product.md §2.24).
  const [secondStep, setSecondStep] = useState<"code" | "passkey" | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<SignInInput>({
    resolver: zodResolver(signInSchema),
    defaultValues: { email: "", password: "" },
  });

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

  if (secondStep === "code") return <SecondStepForm onStartOver={() => setSecondStep(null)} />;
  if (secondStep === "passkey") return <PasskeyStep onStartOver={() => setSecondStep(null)} />;

  return (
    // POST: a submit before the scripts have started must not put the fields in the address.
    <form method="post" onSubmit={onSubmit} noValidate className="grid gap-4">
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
        error={errors.email?.message}
        {...register("email")}
      />
      <div className="grid gap-2">
        <TextField
          id="sign-in-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
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
      <p className="text-center text-muted-foreground text-sm">or</p>
      <PasskeySignInButton className="w-full" />
    </form>
  );
}

/** The autofill's waiting request lives while the password form is shown. */
function PasskeyAutofill() {
  usePasskeyAutofill();
  return null;
}
