/**
 * The moderation decisions a member may appeal, once each (docs/decisions/027): what was done to
 * their content or their account. A notice of one links the terms (082), a complaint about one
 * not yet appealed is pointed to the appeal (081).
 */
export const APPEALABLE_ACTIONS = ["hide", "delete", "suspend"] as const;

export function isAppealable(action: string): boolean {
  return (APPEALABLE_ACTIONS as readonly string[]).includes(action);
}
