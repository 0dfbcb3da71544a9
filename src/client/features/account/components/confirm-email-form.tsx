import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { TextField } from "@/client/components/form/text-field";
import { Notice } from "@/client/components/notice";
import { Button } from "@/client/components/ui/button";
import { useConfirmEmail } from "@/client/features/account/api/confirm-email";
import { INVALID_TOKEN, isInvalidLinkError } from "@/client/features/account/lib/invalid-link";
import { errorMessage } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import type { PendingConfirmation } from "@/shared/api-types";
import { LIMITS } from "@/shared/constants";
import { INTENT_FIELD } from "@/shared/public-forms";
import { confirmEmailSchema, TERMS_REQUIRED } from "@/shared/schemas";
import { ConfirmLinkInvalid } from "./confirm-link-invalid";

// The token comes from the link, not from a field.
const formSchema = confirmEmailSchema.pick({ name: true, password: true });
type ConfirmEmailFields = z.infer<typeof formSchema>;
const FIELDS = ["name", "password"] as const;

type ConfirmEmailFormProps = {
  token: string;
  pending: PendingConfirmation;
  /** Runs once the account is confirmed and the session cookie set: read the session again. */
  onSignedIn: () => Promise<void>;
};

/**
 * The last step of signing up. Only someone who holds the inbox gets here, so the name and
 * password given here are the ones that count; whatever was typed at sign-up is not trusted.
 */
export function ConfirmEmailForm({ token, pending, onSignedIn }: ConfirmEmailFormProps) {
  const navigate = useNavigate();
  const confirmEmail = useConfirmEmail();
  // The server's answer to this form sent without scripts (docs/decisions/061).
  const posted = usePostedForm("confirm-email");
  const action = useFormAction();
  const name = posted?.values.name ?? pending.name;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<ConfirmEmailFields>({
    resolver: zodResolver(formSchema),
    defaultValues: { name, password: "" },
  });
  const shown = submitCount === 0 ? posted : null;
  // Confirming accepts the terms the page shows (docs/decisions/082): a plain checkbox whose
  // value is the version, so the form sent without scripts carries it too.
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [termsError, setTermsError] = useState<string | null>(null);
  const termsDate = pending.terms.updatedAt
    ? new Date(pending.terms.updatedAt).toLocaleDateString("en-GB", {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      })
    : null;

  const onSubmit = handleSubmit(async (values) => {
    if (!termsAccepted) {
      setTermsError(TERMS_REQUIRED);
      return;
    }
    try {
      await confirmEmail.mutateAsync({ token, ...values, termsVersion: pending.terms.version });
    } catch (error) {
      if (isInvalidLinkError(error)) return;
      if (!setServerFieldErrors(error, setError, FIELDS)) {
        const message = errorMessage(error);
        if (/terms/i.test(message)) setTermsError(message);
        else toast.error(message);
      }
      return;
    }
    // Leave first: refreshing the session reloads every query still on screen, and this
    // page's preview of the link would then be asked again for a link now used up (400).
    // A new member lands on the welcome: the forum and their profile (docs/decisions/062).
    await navigate(paths.welcome, { replace: true });
    await onSignedIn();
    toast.success("Email confirmed", { description: "Welcome! You're now signed in." });
  });

  if (confirmEmail.isError && isInvalidLinkError(confirmEmail.error)) {
    return <ConfirmLinkInvalid />;
  }
  if (shown?.code === INVALID_TOKEN || shown?.fieldErrors.token) return <ConfirmLinkInvalid />;

  return (
    // POST: sent before the scripts start (or without them), the server answers (decision 061).
    <form method="post" action={action} onSubmit={onSubmit} noValidate className="grid gap-4">
      <input type="hidden" name={INTENT_FIELD} value="confirm-email" />
      <input type="hidden" name="token" value={token} />
      {postedFormError(shown) ? (
        <Notice tone="error" role="alert">
          <p>{postedFormError(shown)}</p>
        </Notice>
      ) : null}
      <p className="text-sm">
        Finishing the account for <strong className="wrap-anywhere">{pending.email}</strong>.
      </p>
      {/* For password managers: which account the new password belongs to. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={pending.email}
        readOnly
        hidden
      />
      <TextField
        id="confirm-email-name"
        label="Full name"
        autoComplete="name"
        hint="As given when signing up. Change it if it isn't right."
        error={errors.name?.message ?? shown?.fieldErrors.name}
        defaultValue={name}
        {...register("name")}
      />
      <TextField
        id="confirm-email-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        hint={`At least ${LIMITS.passwordMin} characters. This becomes your account's password: use it to sign in from now on.`}
        error={errors.password?.message ?? shown?.fieldErrors.password}
        {...register("password")}
      />
      <div className="grid gap-1">
        <label className="flex items-start gap-2 text-sm" htmlFor="confirm-email-terms">
          <input
            id="confirm-email-terms"
            type="checkbox"
            name="termsVersion"
            value={pending.terms.version}
            checked={termsAccepted}
            onChange={(event) => {
              setTermsAccepted(event.target.checked);
              setTermsError(null);
            }}
            aria-invalid={Boolean(termsError ?? shown?.fieldErrors.termsVersion)}
            aria-describedby="confirm-email-terms-error"
            className="mt-1"
          />
          <span>
            I accept the{" "}
            <a href={paths.terms} target="_blank" rel="noopener" className="underline">
              Terms of Service
            </a>
            {termsDate ? ` (updated ${termsDate})` : ""}.
          </span>
        </label>
        <p id="confirm-email-terms-error" className="text-destructive text-sm" role="alert">
          {termsError ?? shown?.fieldErrors.termsVersion ?? ""}
        </p>
      </div>
      <Button type="submit" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? "Confirming..." : "Confirm and sign in"}
      </Button>
    </form>
  );
}
