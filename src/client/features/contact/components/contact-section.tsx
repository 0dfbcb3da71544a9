import { CONTACT_REPLY_HOURS } from "@/shared/home-page-constants";
import { ContactForm } from "./contact-form";

type ContactSectionProps = {
  /** h1 on the contact page, h2 on the home page. */
  headingLevel?: "h1" | "h2";
};

/** docs/product.md §2 contact form with its heading and the reply promise. */
export function ContactSection({ headingLevel: Heading = "h2" }: ContactSectionProps) {
  return (
    <section id="contact" aria-labelledby="contact-heading" className="scroll-mt-16">
      <div className="mx-auto max-w-3xl px-4 py-20">
        <Heading id="contact-heading" className="text-center font-bold text-3xl tracking-tight">
          Get in touch
        </Heading>
        <p className="mx-auto mt-3 max-w-xl text-center text-muted-foreground">
          A rant to share, a question, or just saying hello? Send a message: we reply within{" "}
          {CONTACT_REPLY_HOURS}&nbsp;hours.
        </p>
        <div className="mt-10 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-8">
          <ContactForm />
        </div>
      </div>
    </section>
  );
}
