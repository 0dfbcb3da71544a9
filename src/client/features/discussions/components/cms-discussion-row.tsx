import { ExternalLink, Lock, LockOpen, Pencil, Pin, PinOff } from "lucide-react";
import { ConfirmDelete } from "@/client/components/confirm-delete";
import { Link } from "@/client/components/link";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { paths } from "@/client/lib/paths";
import type { DiscussionItem } from "@/shared/api-types";

type CmsDiscussionRowProps = {
  discussion: DiscussionItem;
  busy: boolean;
  /** Edit and delete: a moderator's are not offered on an admin's discussion (decision 048). */
  mayChange: boolean;
  onEdit: () => void;
  onPin: (pinned: boolean) => void;
  onLock: (locked: boolean) => void;
  onDelete: () => void;
};

/** One discussion in the CMS list, with its edit, moderation and delete buttons. */
export function CmsDiscussionRow({
  discussion,
  busy,
  mayChange,
  onEdit,
  onPin,
  onLock,
  onDelete,
}: CmsDiscussionRowProps) {
  const { title, isPinned, isLocked } = discussion;
  return (
    <li>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-2">
            {isPinned ? (
              <Badge>
                <Pin aria-hidden="true" />
                Pinned
              </Badge>
            ) : null}
            {isLocked ? (
              <Badge variant="secondary">
                <Lock aria-hidden="true" />
                Locked
              </Badge>
            ) : null}
            <span className="text-muted-foreground text-xs">
              {discussion.author} · <RelativeTime value={discussion.createdAt} />
            </span>
          </div>
          <h3 className="wrap-anywhere font-semibold text-lg leading-snug">{title}</h3>
          <p className="line-clamp-2 whitespace-pre-line wrap-anywhere text-muted-foreground text-sm">
            {discussion.excerpt}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-1">
          {mayChange ? (
            <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${title}`}>
              <Pencil aria-hidden="true" />
              Edit
            </Button>
          ) : null}
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-pressed={isPinned}
            aria-label={`${isPinned ? "Unpin" : "Pin"} ${title}`}
            onClick={() => onPin(!isPinned)}
          >
            {isPinned ? <PinOff aria-hidden="true" /> : <Pin aria-hidden="true" />}
            {isPinned ? "Unpin" : "Pin"}
          </Button>
          <Button
            variant="ghost"
            size="sm"
            disabled={busy}
            aria-pressed={isLocked}
            aria-label={`${isLocked ? "Unlock" : "Lock"} ${title}`}
            onClick={() => onLock(!isLocked)}
          >
            {isLocked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
            {isLocked ? "Unlock" : "Lock"}
          </Button>
          <Button variant="ghost" size="icon" asChild>
            <Link to={paths.discussion(discussion.id)} aria-label={`Open ${title}`} title="Open">
              <ExternalLink aria-hidden="true" />
            </Link>
          </Button>
          {mayChange ? (
            <ConfirmDelete
              question="Are you sure you want to delete this discussion?"
              label={title}
              description="It disappears from the forum and its page."
              disabled={busy}
              onConfirm={onDelete}
            />
          ) : null}
        </div>
      </Card>
    </li>
  );
}
