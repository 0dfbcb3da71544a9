import { describe, expect, it } from "vitest";
import { mailtoUrl, popupFeatures, SHARE_TARGETS, shareUrl } from "./share-links";

const shareable = {
  title: "Queues & manners?",
  content: "x".repeat(200),
  url: "https://rants.example/discussion/3f1d7c1e-0000-4000-8000-000000000000",
};

describe("share links (docs/product.md §2, §9)", () => {
  it("points every network's share page at the discussion's page URL", () => {
    const expected = {
      Twitter: "https://twitter.com/intent/tweet",
      LinkedIn: "https://www.linkedin.com/sharing/share-offsite/",
      Facebook: "https://www.facebook.com/sharer/sharer.php",
      Reddit: "https://www.reddit.com/submit",
    };
    for (const target of SHARE_TARGETS) {
      const url = new URL(shareUrl(target, shareable));
      expect(url.origin + url.pathname).toBe(expected[target]);
      expect([...url.searchParams.values()]).toContain(shareable.url);
    }
    expect(new URL(shareUrl("Twitter", shareable)).searchParams.get("text")).toBe(shareable.title);
  });

  it("mails the first 150 characters of the content plus '...', and the link", () => {
    const url = new URL(mailtoUrl(shareable));
    expect(url.protocol).toBe("mailto:");
    expect(url.searchParams.get("subject")).toBe(shareable.title);
    expect(url.searchParams.get("body")).toBe(`${"x".repeat(150)}...\n\n${shareable.url}`);
  });

  it("opens a 600 by 400 popup centred on the window, without an opener", () => {
    const features = popupFeatures({ x: 100, y: 50, width: 1400, height: 900 });
    expect(features).toContain("width=600,height=400");
    expect(features).toContain("left=500,top=300");
    expect(features).toContain("noopener");
    // Never off the screen's top-left edge, even from a small window.
    expect(popupFeatures({ x: 0, y: 0, width: 300, height: 200 })).toContain("left=0,top=0");
  });
});
