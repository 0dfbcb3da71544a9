import { Cookie, X } from "lucide-react";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { saveConsent } from "@/client/features/cookie-consent/lib/consent-storage";
import { paths } from "@/client/lib/paths";

/**
 * docs/product.md §2/§4 cookie banner. Not a modal: the page stays usable and focus is not taken; the
 * buttons are ordinary buttons in the tab order. `onClose` hides it (after a choice, or on the
 * close button, which stores nothing so the banner returns on the next visit).
 */
export function CookieBanner({ onClose }: { onClose: () => void }) {
  const choose = (choice: "all" | "necessary") => {
    saveConsent(choice);
    onClose();
  };

  return (
    <section
      aria-label="Cookie consent"
      className="fixed inset-x-0 bottom-0 z-50 p-4 motion-safe:animate-fade-in"
    >
      <div className="relative mx-auto flex max-w-4xl flex-col gap-4 rounded-xl border bg-card p-5 pr-12 shadow-ink/15 shadow-lg sm:flex-row sm:items-center">
        <Cookie aria-hidden="true" className="hidden size-8 shrink-0 text-primary sm:block" />
        <p className="flex-1 text-sm leading-relaxed">
          We use necessary cookies to make this site work. With your permission we would also use
          analytics and marketing cookies. Read more in our{" "}
          <Link
            to={paths.privacy}
            className="font-medium text-primary underline underline-offset-2"
          >
            Privacy Policy
          </Link>
          .
        </p>
        <div className="flex shrink-0 gap-2 [&>button]:flex-1 sm:[&>button]:flex-none">
          <button
            type="button"
            onClick={() => choose("necessary")}
            className={buttonVariants({ variant: "outline" })}
          >
            Necessary Only
          </button>
          <button type="button" onClick={() => choose("all")} className={buttonVariants()}>
            Accept All
          </button>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className={`${buttonVariants({ variant: "ghost", size: "icon" })} absolute top-2 right-2 size-8`}
        >
          <X aria-hidden="true" />
        </button>
      </div>
    </section>
  );
}
