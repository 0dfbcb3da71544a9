// An email address is personal data (docs/product.md §3.4): the API shows it only to its owner
// and to those who may see private member data (shared/permissions.ts). Others see the display
// name (db/display-name.ts), which never holds more than the part before the @.
import { can, type Role } from "@/shared/permissions";

type Reader = { id: string; role: Role } | null;

/** May `viewer` read the email of member `memberId`? */
export function canSeeEmail(viewer: Reader, memberId: string): boolean {
  return viewer !== null && (viewer.id === memberId || can(viewer.role, "seePrivateMemberData"));
}

/** The email when `viewer` may see it, else null. */
export function emailFor(viewer: Reader, memberId: string, email: string): string | null {
  return canSeeEmail(viewer, memberId) ? email : null;
}
