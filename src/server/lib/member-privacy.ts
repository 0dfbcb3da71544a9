// An email address is personal data (docs/product.md §3.4): the API shows it only to its owner
// and to admins. Others see the display name (db/display-name.ts), which never holds more than
// the part before the @.
import type { Viewer } from "@/server/auth/viewer";

/** May `viewer` read the email of member `memberId`? */
export function canSeeEmail(viewer: Viewer | null, memberId: string): boolean {
  return viewer !== null && (viewer.id === memberId || viewer.role === "admin");
}

/** The email when `viewer` may see it, else null. */
export function emailFor(viewer: Viewer | null, memberId: string, email: string): string | null {
  return canSeeEmail(viewer, memberId) ? email : null;
}
