import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import { useSignUp } from "@/client/features/auth/api/sign-up";
import { errorMessage } from "@/client/lib/api-client";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { type SignUpInput, signUpSchema } from "@/shared/schemas";

const FIELDS = ["name", "email", "password"] as const;

type SignUpFormProps = {
  /** Called with the address a confirmation link went to (the account is not usable yet). */
  onSignedUp: (email: string) => void;
};

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const signUp = useSignUp();
  const { honeypotRef, spamFields } = useSpamGuard();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    defaultValues: { name: "", email: "", password: "" },
  });

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
    <form method="post" onSubmit={onSubmit} noValidate className="relative grid gap-4">
      <Honeypot inputRef={honeypotRef} />
      <TextField
        id="sign-up-name"
        label="Full Name"
        autoComplete="name"
        error={errors.name?.message}
        {...register("name")}
      />
      <TextField
        id="sign-up-email"
        label="Email"
        type="email"
        autoComplete="email"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextField
        id="sign-up-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Creating account..." : "Sign Up"}
      </Button>
    </form>
  );
}
