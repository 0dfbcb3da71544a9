import { Link2, Mail } from "lucide-react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/client/components/ui/dropdown-menu";
import { useShareCount } from "@/client/features/discussions/hooks/use-share-count";
import {
  mailtoUrl,
  openSharePopup,
  SHARE_TARGETS,
  type ShareTarget,
} from "@/client/features/discussions/lib/share-links";
import { useFocusOnMount } from "@/client/hooks/use-load-on-intent";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";
import { ShareTriggerButton } from "./share-trigger-button";

function sharesLabel(count: number): string {
  return `Shared ${count} ${count === 1 ? "time" : "times"} this session`;
}

/** docs/product.md §2 share menu: four networks in a popup, email, copy link; counts this session's shares. */
type ShareMenuProps = {
  discussion: DiscussionItem;
  /** Open at once: the visitor clicked the button while this code was loading. */
  defaultOpen?: boolean;
  /** Take the focus: it was on the button this one replaces. */
  focusTrigger?: boolean;
};

export function ShareMenu({
  discussion,
  defaultOpen = false,
  focusTrigger = false,
}: ShareMenuProps) {
  const { count, recordShare } = useShareCount(discussion.id);
  const trigger = useFocusOnMount<HTMLButtonElement>(focusTrigger);
  const shareable = {
    title: discussion.title,
    content: discussion.excerpt,
    url: new URL(paths.discussion(discussion.id), window.location.origin).href,
  };

  const share = (target: ShareTarget) => {
    toast.info("Sharing...", { description: `Opening ${target} share dialog.` });
    openSharePopup(target, shareable);
    recordShare();
  };

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(shareable.url);
      toast.success("Link copied!", {
        description: "Discussion link has been copied to your clipboard.",
      });
      recordShare();
    } catch {
      toast.error("Copy failed", { description: "Please copy the link manually." });
    }
  };

  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <ShareTriggerButton ref={trigger} count={count} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Share this discussion</DropdownMenuLabel>
        {SHARE_TARGETS.map((target) => (
          <DropdownMenuItem key={target} onSelect={() => share(target)}>
            Share on {target}
          </DropdownMenuItem>
        ))}
        <DropdownMenuItem asChild>
          <a href={mailtoUrl(shareable)} onClick={recordShare}>
            <Mail aria-hidden="true" />
            Share by email
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => void copyLink()}>
          <Link2 aria-hidden="true" />
          Copy link
        </DropdownMenuItem>
        {/* Hidden until something is shared (issue 21): "Shared 0 times" said nothing. */}
        {count > 0 ? (
          <>
            <DropdownMenuSeparator />
            <p className="px-2 py-1.5 text-muted-foreground text-xs">{sharesLabel(count)}</p>
          </>
        ) : null}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
