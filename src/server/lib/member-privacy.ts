// DESIGN "Deliberate improvements": an email address is personal data. The API shows it only
// to its owner and to admins; where the SPEC falls back to the email as a display name, others
// see the part before the @.
import type { Viewer } from "../auth/viewer";

/** The full name, else the part of the email before the @. */
export function displayNameOf(fullName: string | null | undefined, email: string): string {
  const name = fullName?.trim();
  if (name) return name;
  return email.split("@")[0] || email;
}

/** May `viewer` read the email of member `memberId`? */
export function canSeeEmail(viewer: Viewer | null, memberId: string): boolean {
  return viewer !== null && (viewer.id === memberId || viewer.role === "admin");
}

/** The email when `viewer` may see it, else null. */
export function emailFor(viewer: Viewer | null, memberId: string, email: string): string | null {
  return canSeeEmail(viewer, memberId) ? email : null;
}
