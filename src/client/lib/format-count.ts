// Counts as the site writes them ("10,000 replies"), in one fixed locale: the server renders a
// page in its own locale and the browser hydrates it in the reader's, and "10.000" in a German
// browser against the server's "10,000" is a hydration mismatch (React then throws the
// server's HTML away and renders the page again). The site's words are English; so are its
// numbers. Made on first use: making a formatter loads the browser's locale data.
let counts: Intl.NumberFormat | undefined;

export function formatCount(count: number): string {
  counts ??= new Intl.NumberFormat("en-GB");
  return counts.format(count);
}
