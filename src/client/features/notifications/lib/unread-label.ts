// The bell's words and badge (docs/product.md §2.3): the label carries the count for screen
// readers, the badge (hidden from them) shows it at a glance.

/** "Notifications, 3 unread", or "Notifications" when there are none. */
export function unreadLabel(unread: number): string {
  if (unread <= 0) return "Notifications";
  return `Notifications, ${unread} unread`;
}

/** The badge's text: the count, `99+` above 99, nothing at 0. */
export function unreadBadge(unread: number): string | null {
  if (unread <= 0) return null;
  return unread > 99 ? "99+" : String(unread);
}
