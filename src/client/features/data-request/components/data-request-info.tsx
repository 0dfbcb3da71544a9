import { Info } from "lucide-react";
import { DATA_REQUEST_RESPONSE_DAYS } from "@/shared/constants";

/** docs/product.md §2 Data Request info box: identity check, response time, email confirmation. */
export function DataRequestInfo() {
  return (
    <aside
      aria-labelledby="data-request-info-heading"
      className="flex gap-3 rounded-xl border border-primary/30 bg-accent/50 p-5"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
      <div>
        <h2 id="data-request-info-heading" className="font-sans font-semibold">
          What happens next
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm leading-relaxed">
          <li>We will verify your identity before we act on your request.</li>
          <li>We will respond within {DATA_REQUEST_RESPONSE_DAYS} days.</li>
          <li>You will receive an email confirmation of your request.</li>
        </ul>
      </div>
    </aside>
  );
}
