// Searches match with ILIKE '%term%' (each list's trigram indexes answer it). The term is what
// a person typed: its own %, _ and \ must match only themselves, never act as wildcards.

/** `term` as a literal inside ILIKE '%...%'. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
