// Searches match with ILIKE '%term%' (each list's trigram indexes answer it). The term is what
// a person typed: its own %, _ and \ must match only themselves, never act as wildcards.

/** `term` with its own %, _ and \ escaped, to match only themselves. */
const literal = (term: string) => term.replace(/[\\%_]/g, (char) => `\\${char}`);

/** `term` as a literal inside ILIKE '%...%'. */
export function containsPattern(term: string): string {
  return `%${literal(term)}%`;
}

/** `prefix` as a literal at the start of LIKE '...%' (a tag's suggestions). */
export function startsWithPattern(prefix: string): string {
  return `${literal(prefix)}%`;
}
