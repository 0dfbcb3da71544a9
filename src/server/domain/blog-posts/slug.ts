// A blog post's address, /blog/{slug} (docs/decisions/024): made once from the title when the
// post is created and never changed by an edit, so links stay good. The CMS makes slugs; the
// public blog reads them; old /blog/{id} links answer 301 to the slug.
import slugify from "@sindresorhus/slugify";
import { UUID_ID } from "@/server/lib/ids";

/** What a slug looks like: lower-case letters and digits in runs joined by single hyphens. */
export const SLUG_SHAPE = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** Long titles are cut at a word boundary under this length (a suffix may add a few). */
export const SLUG_BASE_MAX = 80;
/** A slug of anything longer cannot exist: refused before any SQL runs. */
export const SLUG_MAX = SLUG_BASE_MAX + 12;

/** Titles that leave nothing (emoji, punctuation, scripts slugify drops) get this. */
const FALLBACK = "post";

/** The slug a title asks for, before any -2, -3 suffix for one already taken. */
export function slugBase(title: string): string {
  let slug = slugify(title, { decamelize: false });
  if (slug.length > SLUG_BASE_MAX) {
    const cut = slug.slice(0, SLUG_BASE_MAX + 1);
    const lastHyphen = cut.lastIndexOf("-");
    slug = (lastHyphen > 0 ? cut.slice(0, lastHyphen) : cut.slice(0, SLUG_BASE_MAX)).replace(
      /-+$/,
      "",
    );
  }
  if (!slug) return FALLBACK;
  // A slug shaped like an id would be read as the old /blog/{id} address.
  return UUID_ID.test(slug) ? `${FALLBACK}-${slug}` : slug;
}

/** The n-th candidate for `base`: base, base-2, base-3 ... */
export function slugCandidate(base: string, n: number): string {
  return n <= 1 ? base : `${base}-${n}`;
}

/** True when `value` could be a slug; anything else is a 404 without a query. */
export function isSlug(value: string): boolean {
  return value.length <= SLUG_MAX && SLUG_SHAPE.test(value);
}
