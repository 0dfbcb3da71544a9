import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextField } from "@/client/components/form/text-field";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { useSignUp } from "@/client/features/auth/api/sign-up";
import { errorMessage } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { INTENT_FIELD } from "@/shared/public-forms";
import { type SignUpInput, signUpSchema } from "@/shared/schemas";

const FIELDS = ["name", "email"] as const;

type SignUpFormProps = {
  /**
   * Called with the address a confirmation link went to (the account is not usable yet). No
   * password here: the link's page sets the one that counts (docs/decisions/014, 061).
   */
  onSignedUp: (email: string) => void;
};

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const { honeypotRef, spamFields } = useSpamGuard();
  // The server's answer to this form sent without scripts (docs/decisions/061).
  const posted = usePostedForm("sign-up");
  const action = useFormAction();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: posted?.values.name ?? "", email: posted?.values.email ?? "" },
  });
  const shown = submitCount === 0 ? posted : null;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signUp.mutateAsync({ ...values, ...spamFields() });
      toast.success("Success!", {
        description: "Please check your email to confirm your account.",
      });
      reset();
      onSignedUp(values.email);
    } catch (error) {
      setServerFieldErrors(error, setError, FIELDS);
      toast.error(errorMessage(error));
    }
  });

  return (
    // POST: a submit before the scripts have started must not put the fields in the address.
    <form
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-4"
    >
      <input type="hidden" name={INTENT_FIELD} value="sign-up" />
      <Honeypot inputRef={honeypotRef} />
      {postedFormError(shown) ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown)}</p>
        </Notice>
      ) : null}
      <TextField
        id="sign-up-name"
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message ?? shown?.fieldErrors.name}
        defaultValue={posted?.values.name}
        {...register("name")}
      />
      <TextField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message ?? shown?.fieldErrors.email}
        defaultValue={posted?.values.email}
        {...register("email")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}
