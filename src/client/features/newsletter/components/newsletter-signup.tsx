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
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import { emailProblem } from "@/shared/plain-checks";

/**
 * docs/product.md §8's toast for each of §4.3's outcomes. `check_email` is the one answer to
 * anyone but a signed-in member subscribing their own address (docs/decisions/028).
 */
const OUTCOME_TOASTS = {
  check_email: () =>
    toast.success("Successfully Subscribed!", {
      description: "Please check your email to confirm your subscription.",
    }),
  subscribed: () =>
    toast.success("Successfully Subscribed!", {
      description: "Thank you for subscribing to our newsletter.",
    }),
  already_subscribed: () =>
    toast.message("Already Subscribed", {
      description: "You're already subscribed to our newsletter!",
    }),
  reactivated: () =>
    toast.success("Welcome Back!", {
      description: "Your newsletter subscription has been reactivated.",
    }),
} as const;

export function NewsletterSignup() {
  const id = useId();
  const [email, setEmail] = useState("");
  const [error, setError] = useState<string>();
  const subscribe = useSubscribeToNewsletter();
  const { honeypotRef, spamFields } = useSpamGuard();
  const errorId = `${id}-error`;

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = emailProblem(email);
    setError(problem);
    if (problem) return;
    subscribe.mutate(
      { email: email.trim(), ...spamFields() },
      {
        onSuccess: ({ status }) => {
          OUTCOME_TOASTS[status]();
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
          onSubmit={onSubmit}
          noValidate
          className="relative mx-auto mt-8 flex max-w-md flex-col gap-3 text-left sm:flex-row sm:items-start"
        >
          <Honeypot inputRef={honeypotRef} />
          <div className="grid flex-1 gap-2">
            <label htmlFor={`${id}-email`} className="sr-only">
              Email address
            </label>
            <input
              id={`${id}-email`}
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
            disabled={email.trim() === "" || subscribe.isPending}
            className={buttonVariants()}
          >
            {subscribe.isPending ? "Subscribing..." : "Subscribe"}
          </button>
        </form>
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
