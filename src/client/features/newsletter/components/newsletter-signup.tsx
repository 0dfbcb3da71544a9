// A plain controlled form (no react-hook-form or zod): it is part of the home page, which has a
// 100 KB JavaScript budget; the server validates with the shared zod schema.
import { Mail } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Honeypot, useSpamGuard } from "@/client/components/form/spam-guard";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { fieldErrorClassName, inputClassName } from "@/client/components/ui/field-classes";
import { useSubscribeToNewsletter } from "@/client/features/newsletter/api/subscribe-to-newsletter";
import { ApiError } from "@/client/lib/api-client";
import { postedFormError, useFormAction, usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { useHydrating } from "@/client/lib/render-time";
import { toast } from "@/client/lib/toast";
import type { NewsletterResult } from "@/shared/api-types";
import { emailProblem } from "@/shared/plain-checks";
import { INTENT_FIELD } from "@/shared/public-forms";

type Outcome = NewsletterResult["status"];

/**
 * docs/product.md §8's words for each of §4.3's outcomes, as a toast or, after a post without
 * scripts, on the page. `check_email` is the one answer to anyone but a signed-in member
 * subscribing their own address (docs/decisions/028).
 */
const OUTCOMES = {
  check_email: {
    title: "Successfully Subscribed!",
    description: "Please check your email to confirm your subscription.",
  },
  subscribed: {
    title: "Successfully Subscribed!",
    description: "Thank you for subscribing to our newsletter.",
  },
  already_subscribed: {
    title: "Already Subscribed",
    description: "You're already subscribed to our newsletter!",
  },
  reactivated: {
    title: "Welcome Back!",
    description: "Your newsletter subscription has been reactivated.",
  },
} as const satisfies Record<Outcome, { title: string; description: string }>;

function showOutcome(status: Outcome) {
  const { title, description } = OUTCOMES[status];
  (status === "already_subscribed" ? toast.message : toast.success)(title, { description });
}

export function NewsletterSignup() {
  const id = useId();
  // The server's answer to this form sent without scripts (docs/decisions/061).
  const posted = usePostedForm("newsletter");
  const action = useFormAction("newsletter");
  const hydrating = useHydrating();
  const [email, setEmail] = useState(posted && !posted.ok ? (posted.values.email ?? "") : "");
  const [error, setError] = useState<string | undefined>(
    posted?.fieldErrors.email ?? postedFormError(posted) ?? undefined,
  );
  // A post without scripts (decision 061) comes back with the route's answer.
  const [outcome, setOutcome] = useState(
    posted?.ok ? (posted.answer as NewsletterResult).status : null,
  );
  const subscribe = useSubscribeToNewsletter();
  const { honeypotRef, spamFields } = useSpamGuard();
  const errorId = `${id}-error`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setOutcome(null);
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    subscribe.mutate(
      { email: email.trim(), ...spamFields() },
      {
        onSuccess: ({ status }) => {
          showOutcome(status);
          setEmail("");
        },
        onError: (failure) => {
          const fieldMessage = failure instanceof ApiError ? failure.fields?.email : undefined;
          if (fieldMessage) setError(fieldMessage);
          else toast.error("Subscription Failed", { description: "Please try again later." });
        },
      },
    );
  }

  return (
    <section id="newsletter" aria-labelledby="newsletter-heading" className="scroll-mt-16">
      <div className="mx-auto max-w-3xl px-4 py-20 text-center">
        <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-accent text-primary">
          <Mail aria-hidden="true" className="size-6" />
        </span>
        <h2 id="newsletter-heading" className="mt-4 font-bold text-3xl tracking-tight">
          Never miss a rant
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-muted-foreground">
          New posts and the best of the discussions in your inbox. No spam, unsubscribe any time.
        </p>
        {/* POST: a submit before the scripts have started must not put the address in the URL. */}
        <form
          method="post"
          action={action}
          onSubmit={onSubmit}
          noValidate
          className="relative mx-auto mt-8 flex max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"
        >
          <input type="hidden" name={INTENT_FIELD} value="newsletter" />
          <Honeypot inputRef={honeypotRef} />
          <div className="grid flex-1 gap-2">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <input
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="email"
              required
              placeholder="you@example.com"
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              className={inputClassName}
            />
            {error ? (
              <p id={errorId} className={fieldErrorClassName}>
                {error}
              </p>
            ) : null}
          </div>
          <button
            type="submit"
            // Enabled in the server's HTML: without scripts the form is sent as it is.
            disabled={(!hydrating && email.trim() === "") || subscribe.isPending}
            className={buttonVariants()}
          >
            {subscribe.isPending ? "Subscribing..." : "Subscribe"}
          </button>
        </form>
        {outcome && OUTCOMES[outcome] ? (
          <p role="status" className="mt-4 text-sm">
            <strong>{OUTCOMES[outcome].title}</strong> {OUTCOMES[outcome].description}
          </p>
        ) : null}
        <p className="mt-4 text-muted-foreground text-xs">
          By subscribing you agree to receive our newsletter. Read our{" "}
          <Link to={paths.privacy} className="underline underline-offset-2 hover:text-foreground">
            Privacy Policy
          </Link>
          .
        </p>
      </div>
    </section>
  );
}
