import { useShareCount } from "@/client/features/discussions/hooks/use-share-count";
import { useLoadOnIntent } from "@/client/hooks/use-load-on-intent";
import type { DiscussionItem } from "@/shared/api-types";
import { ShareTriggerButton } from "./share-trigger-button";

type MenuModule = typeof import("./share-menu");

// The share menu (Radix dropdown with floating-ui) loads on first intent; loaded right after
// the discussion, its start-up work counted as blocking time on a phone. Kept, not rendered
// through React.lazy, so that the focus never falls to the page between the stand-in and the
// real button (as discussion-filters-control.tsx).
let menuModule: MenuModule | null = null;
const loadMenu = () =>
  import("./share-menu").then((module) => {
    menuModule = module;
    return module;
  });

/** docs/product.md §2 share menu behind the "Share" button, whose code loads when it is reached for. */
export function ShareControl({ discussion }: { discussion: DiscussionItem }) {
  const menu = useLoadOnIntent(loadMenu);
  const { count } = useShareCount(discussion.id);
  const standIn = (
    <ShareTriggerButton count={count} aria-haspopup="menu" aria-expanded={false} {...menu.intent} />
  );
  if (!menu.ready || !menuModule) return standIn;
  const { ShareMenu } = menuModule;
  return (
    <ShareMenu
      discussion={discussion}
      defaultOpen={menu.openWhenReady}
      focusTrigger={menu.focusWhenReady}
    />
  );
}
