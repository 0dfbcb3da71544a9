import type { ReactNode } from "react";
import { cn } from "@/client/lib/cn";

/**
 * Controls that cannot work without scripts (a passkey's prompt is WebAuthn, which has no HTML
 * form: decision 063). Without scripts `note` shows in their place; with scripts they show from
 * the first paint (styles.css's `no-js` variant), so nothing moves when the page hydrates.
 */
export function ScriptsOnly({
  note,
  noteClassName,
  children,
}: {
  note: string;
  noteClassName?: string;
  children: ReactNode;
}) {
  return (
    <>
      <div className="contents no-js:hidden">{children}</div>
      <p className={cn("hidden text-muted-foreground text-sm no-js:block", noteClassName)}>
        {note}
      </p>
    </>
  );
}
