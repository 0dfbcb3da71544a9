import { SHARE_EMAIL_CHARS, SHARE_POPUP } from "@/shared/constants";

export const SHARE_TARGETS = ["Twitter", "LinkedIn", "Facebook", "Reddit"] as const;
export type ShareTarget = (typeof SHARE_TARGETS)[number];

export type Shareable = { title: string; content: string; url: string };

/** Each network's own share page, with the discussion's page URL (docs/product.md §2). */
export function shareUrl(target: ShareTarget, { title, url }: Shareable): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (target) {
    case "Twitter":
      return `https://twitter.com/intent/tweet?text=${t}&url=${u}`;
    case "LinkedIn":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "Facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "Reddit":
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
  }
}

/** docs/product.md §9: the body carries the first 150 characters of the content plus '...'. */
export function mailtoUrl({ title, content, url }: Shareable): string {
  const body = `${content.slice(0, SHARE_EMAIL_CHARS)}...\n\n${url}`;
  return `mailto:?subject=${encodeURIComponent(title)}&body=${encodeURIComponent(body)}`;
}

/** window.open features for a 600 by 400 popup centred on the current window. */
export function popupFeatures(
  screen: { x: number; y: number; width: number; height: number } = {
    x: window.screenX,
    y: window.screenY,
    width: window.outerWidth,
    height: window.outerHeight,
  },
): string {
  const { width, height } = SHARE_POPUP;
  const left = Math.max(0, Math.round(screen.x + (screen.width - width) / 2));
  const top = Math.max(0, Math.round(screen.y + (screen.height - height) / 2));
  // noopener: the network's page gets no handle on this window.
  return `popup=yes,width=${width},height=${height},left=${left},top=${top},noopener,noreferrer`;
}

export function openSharePopup(target: ShareTarget, shareable: Shareable): void {
  window.open(shareUrl(target, shareable), `share-${target.toLowerCase()}`, popupFeatures());
}
