import type { ReactNode } from "react";
import { ScriptsOnly } from "./scripts-only";

/** Passkey controls, or without scripts this note in their place (docs/product.md §2.24.1). */
export function PasskeysWithScripts({
  note = "Passkeys need JavaScript in this browser.",
  noteClassName,
  children,
}: {
  note?: string;
  noteClassName?: string;
  children: ReactNode;
}) {
  return (
    <ScriptsOnly note={note} noteClassName={noteClassName}>
      {children}
    </ScriptsOnly>
  );
}
