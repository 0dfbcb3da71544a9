import type { ReactNode } from "react";
import { Link } from "@/client/components/link";

/**
 * One result: a card whose title's link stretches over it (as the forum's cards do). Its border
 * marks a hover, not its background. Excerpts are short from the server (decision 074) and are
 * not clamped: a clamped excerpt's hidden lines, a long marked word's, lay under the time below
 * it, and axe judged the time against the mark's colour (e2e/visitor-sweeps.spec.ts).
 */
export function HitCard({ className = "", children }: { className?: string; children: ReactNode }) {
  return (
    <li
      className={`relative rounded-xl border bg-card px-4 py-3 shadow-sm shadow-ink/5 transition-colors focus-within:border-primary/60 hover:border-primary/40 ${className}`}
    >
      {children}
    </li>
  );
}

/** The result's title, linking to it; names and times beside it sit above with `relative z-10`. */
export function HitLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <h3 className="font-sans font-semibold text-base leading-6">
      <Link
        to={to}
        className="rounded-sm after:absolute after:inset-0 after:rounded-xl after:content-[''] focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-ring focus-visible:after:outline-offset-2"
      >
        {children}
      </Link>
    </h3>
  );
}
