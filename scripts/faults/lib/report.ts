// Collects what each fault scenario checked, prints it as it goes, and keeps the numbers for
// docs/reliability.md. A failed check fails the run (exit code 1) but the run goes on.

export type Check = { scenario: string; ok: boolean; what: string; detail?: string };

export class Report {
  readonly checks: Check[] = [];
  readonly facts: Record<string, Record<string, unknown>> = {};

  constructor(private scenario = "") {}

  for(scenario: string): Report {
    const child = new Report(scenario);
    (child as { checks: Check[] }).checks = this.checks;
    (child as { facts: Record<string, Record<string, unknown>> }).facts = this.facts;
    return child;
  }

  check(ok: boolean, what: string, detail?: unknown): boolean {
    const text =
      detail === undefined
        ? undefined
        : typeof detail === "string"
          ? detail
          : JSON.stringify(detail);
    this.checks.push({ scenario: this.scenario, ok, what, detail: text });
    console.log(`  ${ok ? "ok  " : "FAIL"} ${what}${text && !ok ? `\n       ${text}` : ""}`);
    return ok;
  }

  fact(name: string, value: unknown): void {
    this.facts[this.scenario] ??= {};
    (this.facts[this.scenario] as Record<string, unknown>)[name] = value;
    console.log(`  ·    ${name}: ${typeof value === "string" ? value : JSON.stringify(value)}`);
  }

  get failed(): Check[] {
    return this.checks.filter((check) => !check.ok);
  }
}

/** Counts of each status (or error code) in a list of outcomes. */
export function tally(
  outcomes: Array<{ status: number | null; error?: string }>,
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === null ? (outcome.error ?? "error") : String(outcome.status);
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}
