import { Link2, Mail, Share2 } from "lucide-react";
import type { DiscussionItem } from "../../../../shared/api-types";
import { Button } from "../../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../../components/ui/dropdown-menu";
import { paths } from "../../../lib/paths";
import { toast } from "../../../lib/toast";
import { useShareCount } from "../hooks/use-share-count";
import { mailtoUrl, openSharePopup, SHARE_TARGETS, type ShareTarget } from "../lib/share-links";

function sharesLabel(count: number): string {
  return `Shared ${count} ${count === 1 ? "time" : "times"} this session`;
}

/** SPEC §2 share menu: four networks in a popup, email, copy link; counts this session's shares. */
export function ShareMenu({ discussion }: { discussion: DiscussionItem }) {
  const { count, recordShare } = useShareCount(discussion.id);
  const shareable = {
    title: discussion.title,
    content: discussion.content,
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
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm">
          <Share2 aria-hidden="true" />
          Share
          {count ? (
            <span className="text-muted-foreground" data-testid="share-count">
              {count}
            </span>
          ) : null}
        </Button>
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
        <DropdownMenuSeparator />
        <p className="px-2 py-1.5 text-muted-foreground text-xs">{sharesLabel(count)}</p>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
