// A plain controlled form (no react-hook-form or zod): it is part of the home page, which has a
// 100 KB JavaScript budget. The checks are shared/plain-checks.ts, the zod rules' twins; the
// server validates again with the zod schema.
import { type ChangeEvent, type FormEvent, type ReactNode, useId, useState } from "react";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { TextareaField } from "@/client/components/form/textarea-field";
import { buttonVariants } from "@/client/components/ui/button-variants";
import {
  fieldErrorClassName,
  inputClassName,
  labelClassName,
} from "@/client/components/ui/field-classes";
import { useSendContactMessage } from "@/client/features/contact/api/send-contact-message";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { toast } from "@/client/lib/toast";
import { CONTACT_SEND_DELAY_MS } from "@/shared/home-page-constants";
import { LIMITS } from "@/shared/limits";
import { emailProblem, requiredTextProblem } from "@/shared/plain-checks";
import { INTENT_FIELD } from "@/shared/public-forms";
import type { ContactInput } from "@/shared/schemas";

type Field = keyof ContactInput;
type Errors = Partial<Record<Field, string>>;

const EMPTY: ContactInput = { name: "", email: "", subject: "", message: "" };

const FIELDS: ReadonlyArray<{ name: Field; label: string; max: number }> = [
  { name: "name", label: "Name", max: LIMITS.name },
  { name: "email", label: "Email", max: LIMITS.email },
  { name: "subject", label: "Subject", max: LIMITS.subject },
  { name: "message", label: "Message", max: LIMITS.message },
];

function validate(values: ContactInput): Errors {
  const errors: Errors = {};
  for (const field of FIELDS) {
    const problem =
      field.name === "email"
        ? emailProblem(values.email)
        : requiredTextProblem(field.label, values[field.name], field.max);
    if (problem) errors[field.name] = problem;
  }
  return errors;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** docs/product.md §2 contact form: 'Sending...' for at least a second, a toast, then a cleared form. */
export function ContactForm() {
  const id = useId();
  // The server's answer to this form sent without scripts (docs/decisions/061): a refused
  // message comes back filled in with its errors; a sent one says so until the next send.
  const posted = usePostedForm("contact");
  const action = useFormAction("contact");
  const [values, setValues] = useState<ContactInput>(() =>
    posted && !posted.ok ? { ...EMPTY, ...posted.values } : EMPTY,
  );
  const [errors, setErrors] = useState<Errors>(posted?.fieldErrors ?? {});
  const [outcome, setOutcome] = useState(posted);
  const [sending, setSending] = useState(false);
  const send = useSendContactMessage();
  const { honeypotRef, spamFields } = useSpamGuard();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) {
      const first = FIELDS.find((field) => found[field.name]);
      document.getElementById(`${id}-${first?.name}`)?.focus();
      return;
    }
    setSending(true);
    try {
      // docs/product.md §4: the send takes a second; the request runs meanwhile.
      await Promise.all([
        send.mutateAsync({ ...values, ...spamFields() }),
        wait(CONTACT_SEND_DELAY_MS),
      ]);
      toast.success("Message sent!", {
        description: "Thanks for reaching out. We'll get back to you soon!",
      });
      setValues(EMPTY);
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors(error.fields as Errors);
      toast.error("Message not sent", { description: errorMessage(error) });
    } finally {
      setSending(false);
    }
  }

  /** The props that wire a control to its label, value and inline error. */
  const control = (name: Field) => ({
    id: `${id}-${name}`,
    name,
    required: true,
    value: values[name],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValues((current) => ({ ...current, [name]: event.target.value })),
    "aria-invalid": errors[name] ? true : undefined,
    "aria-describedby": errors[name] ? `${id}-${name}-error` : undefined,
  });

  return (
    // POST: a submit before the scripts have started must not put the fields in the address.
    <form
      method="post"
      action={action}
      onSubmit={onSubmit}
      noValidate
      className="relative grid gap-5"
    >
      <input type="hidden" name={INTENT_FIELD} value="contact" />
      <Honeypot inputRef={honeypotRef} />
      {/* Plain text, not the Notice component: this form is on the home page (its budget). */}
      {outcome ? (
        <p role="status" className={outcome.ok ? "text-sm" : fieldErrorClassName}>
          {outcome.ok
            ? "Message sent! Thanks for reaching out. We'll get back to you soon!"
            : postedFormError(outcome) && `Message not sent: ${postedFormError(outcome)}`}
        </p>
      ) : null}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id={`${id}-name`} label="Name" error={errors.name}>
          <input {...control("name")} autoComplete="name" className={inputClassName} />
        </Field>
        <Field id={`${id}-email`} label="Email" error={errors.email}>
          <input
            {...control("email")}
            type="email"
            autoComplete="email"
            className={inputClassName}
          />
        </Field>
      </div>
      <Field id={`${id}-subject`} label="Subject" error={errors.subject}>
        <input {...control("subject")} className={inputClassName} />
      </Field>
      <TextareaField label="Message" error={errors.message} rows={5} {...control("message")} />
      <button type="submit" disabled={sending} className={buttonVariants({ size: "lg" })}>
        {sending ? "Sending..." : "Send Message"}
      </button>
    </form>
  );
}

/** A label, its control and the control's inline error (id `{id}-error`). */
function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
