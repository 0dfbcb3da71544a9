import { lazy, Suspense } from "react";
import { useShareCount } from "@/client/features/discussions/hooks/use-share-count";
import { useLoadOnIntent } from "@/client/hooks/use-load-on-intent";
import type { DiscussionItem } from "@/shared/api-types";
import { ShareTriggerButton } from "./share-trigger-button";

// The share menu (Radix dropdown with floating-ui) loads on first intent; loaded right after
// the discussion, its start-up work counted as blocking time on a phone.
const loadMenu = () => import("./share-menu");
const ShareMenu = lazy(() => loadMenu().then((module) => ({ default: module.ShareMenu })));

/** docs/product.md §2 share menu behind the "Share" button, whose code loads when it is reached for. */
export function ShareControl({ discussion }: { discussion: DiscussionItem }) {
  const menu = useLoadOnIntent(loadMenu);
  const { count } = useShareCount(discussion.id);
  const standIn = (
    <ShareTriggerButton count={count} aria-haspopup="menu" aria-expanded={false} {...menu.intent} />
  );
  if (!menu.ready) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ShareMenu
        discussion={discussion}
        defaultOpen={menu.openWhenReady}
        focusTrigger={menu.focusWhenReady}
      />
    </Suspense>
  );
}
