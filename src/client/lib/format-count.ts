// Counts as the site writes them ("10,000 replies"), the same wherever they are rendered. The
// server renders a page in its own locale and the browser hydrates it in the reader's, and
// toLocaleString()'s "10.000" in a German browser against the server's "10,000" is a hydration
// mismatch (React then throws the server's HTML away and renders the page again). The site's
// words are English; so are its numbers. Grouped by hand rather than by an
// Intl.NumberFormat("en-GB"), which would say the same but load locale data in the browser the
// first time, as the page hydrates.
export function formatCount(count: number): string {
  if (!Number.isSafeInteger(count)) return String(count);
  const digits = String(Math.abs(count));
  let grouped = "";
  for (let i = 0; i < digits.length; i += 1) {
    if (i > 0 && (digits.length - i) % 3 === 0) grouped += ",";
    grouped += digits[i];
  }
  return count < 0 ? `-${grouped}` : grouped;
}
