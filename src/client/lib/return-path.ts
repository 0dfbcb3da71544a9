// Where /auth sends a member after signing in (docs/product.md §2.12): the page that sent them
// there, named in `?returnTo=`. Anyone can craft that link, so only a path on this site is
// followed; anything else could send a fresh session to another site (an open redirect).

/** Addresses longer than this are not a page of ours. */
const MAX_LENGTH = 2_048;

/** Any C0 control character or DEL: a browser drops tabs and newlines, so "/\t/x" is "//x". */
function hasControlCharacter(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}

/**
 * `value` when it is a path on this site ("/discussion/1?reply=2"): one "/" first, not "//"
 * or "/\" (both mean another host to a browser), no scheme, no control characters; else null.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value || value.length > MAX_LENGTH) return null;
  if (!value.startsWith("/") || value[1] === "/" || value[1] === "\\") return null;
  if (hasControlCharacter(value)) return null;
  // Belt and braces: resolved against any origin, it must stay on that origin.
  const base = "https://return-path.invalid";
  try {
    return new URL(value, base).origin === base ? value : null;
  } catch {
    return null;
  }
}
