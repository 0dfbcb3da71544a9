import { describe, expect, it } from "vitest";
import { unreadBadge, unreadLabel } from "./unread-label";

describe("the bell's label and badge (docs/product.md §2.3)", () => {
  it("names the unread count, and says only Notifications when there is none", () => {
    expect(unreadLabel(0)).toBe("Notifications");
    expect(unreadLabel(1)).toBe("Notifications, 1 unread");
    expect(unreadLabel(250)).toBe("Notifications, 250 unread");
  });

  it("shows the count as a badge up to 99, then 99+, and no badge at 0", () => {
    expect(unreadBadge(0)).toBeNull();
    expect(unreadBadge(7)).toBe("7");
    expect(unreadBadge(99)).toBe("99");
    expect(unreadBadge(100)).toBe("99+");
  });
});
