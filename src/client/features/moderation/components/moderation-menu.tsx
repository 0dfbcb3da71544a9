import { useQueryClient } from "@tanstack/react-query";
import { EyeOff, History, Pencil, Shield, Trash2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "@/client/components/link";
import { Button } from "@/client/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
  TOUCH_ITEM_CLASS,
} from "@/client/components/ui/dropdown-menu";
import {
  actOnItem,
  refreshAfterItemAction,
  useActOnItem,
} from "@/client/features/moderation/api/act-on-item";
import { discussionQueryKey } from "@/client/lib/discussion-query-key";
import { paths } from "@/client/lib/paths";
import { repliesRootQueryKey } from "@/client/lib/query-keys";
import { toast } from "@/client/lib/toast";
import type { TermsRuleKey } from "@/shared/terms-rules";
import { ReasonDialog } from "./reason-dialog";

type ModerationMenuProps = {
  targetKind: "discussion" | "reply";
  targetId: string;
  /** The trigger's accessible name: `Moderate the discussion`, `Moderate the reply by {name}`. */
  label: string;
  /** Hide is offered: not hidden yet, and not the viewer's own post. */
  offerHide: boolean;
  /** Whose post it is; null once the account is gone (no history link then). */
  author: { id: string; name: string } | null;
  /** Outlined beside the discussion's Follow and Share; quiet (ghost) under a reply. */
  variant?: "outline" | "ghost";
  /** Items of other features first (the discussion's Pin and Lock). */
  children?: ReactNode;
  /** Edit in place, where the viewer may (someone else's post, never a moderator on an admin's). */
  onEdit?: () => void;
  /** Delete is offered where the viewer may; this runs once it is deleted. */
  onDeleted?: () => void;
};

const NOUNS = { discussion: "discussion", reply: "reply" } as const;

/**
 * The `Moderate` menu on a discussion and on each reply, for moderators and admins (docs/product.md
 * §11.8, decision 062). Hide and Delete are the queue's actions (§11.3): the same route, reason,
 * log and notifications; the server decides who may.
 */
export function ModerationMenu({
  targetKind,
  targetId,
  label,
  offerHide,
  author,
  variant = "ghost",
  children,
  onEdit,
  onDeleted,
}: ModerationMenuProps) {
  const act = useActOnItem();
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState<"hide" | "delete" | null>(null);
  const noun = NOUNS[targetKind];

  const confirm = async (action: "hide" | "delete", reason: string, rule?: TermsRuleKey) => {
    if (action === "hide") {
      await act.mutateAsync({ targetKind, targetId, action, reason, rule });
      toast.success("Hidden");
      return;
    }
    // The page lets go of what it deleted before anything is read again: a deleted
    // discussion's page would otherwise ask for it once more and get a 404.
    await actOnItem({ targetKind, targetId, action, reason, rule });
    toast.success(targetKind === "discussion" ? "Discussion deleted" : "Reply deleted");
    onDeleted?.();
    if (targetKind === "discussion") {
      // The page still watches its replies until it re-renders; the refresh below would read
      // them once more and get a 404 (seen in CI). Nothing of it is wanted again.
      queryClient.removeQueries({ queryKey: [...repliesRootQueryKey, targetId] });
      queryClient.removeQueries({ queryKey: discussionQueryKey(targetId) });
    }
    void refreshAfterItemAction(queryClient);
  };

  return (
    <>
      <DropdownMenu>
        <DropdownMenuTrigger asChild>
          <Button
            type="button"
            variant={variant}
            size="sm"
            className={variant === "ghost" ? "h-8 px-2" : undefined}
            aria-label={label}
          >
            <Shield aria-hidden="true" />
            Moderate
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" collisionPadding={8}>
          {children}
          {onEdit ? (
            <DropdownMenuItem className={TOUCH_ITEM_CLASS} onSelect={onEdit}>
              <Pencil aria-hidden="true" />
              Edit
            </DropdownMenuItem>
          ) : null}
          {offerHide ? (
            <DropdownMenuItem className={TOUCH_ITEM_CLASS} onSelect={() => setAsking("hide")}>
              <EyeOff aria-hidden="true" />
              Hide
            </DropdownMenuItem>
          ) : null}
          {onDeleted ? (
            <DropdownMenuItem
              className={`${TOUCH_ITEM_CLASS} text-destructive data-[highlighted]:text-destructive`}
              onSelect={() => setAsking("delete")}
            >
              <Trash2 aria-hidden="true" />
              Delete
            </DropdownMenuItem>
          ) : null}
          {author ? (
            <>
              <DropdownMenuSeparator />
              <DropdownMenuItem asChild className={TOUCH_ITEM_CLASS}>
                <Link to={paths.moderationOf(author.id)}>
                  <History aria-hidden="true" />
                  Moderation history of {author.name}
                </Link>
              </DropdownMenuItem>
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      <ReasonDialog
        open={asking === "hide"}
        onOpenChange={(open) => setAsking(open ? "hide" : null)}
        title={`Hide this ${noun}?`}
        description="Everyone but staff and its author will see “Hidden by a moderator”. The reason is published on the moderation log."
        confirmLabel="Hide"
        withRule
        onConfirm={({ reason, rule }) => confirm("hide", reason, rule)}
      />
      <ReasonDialog
        open={asking === "delete"}
        onOpenChange={(open) => setAsking(open ? "delete" : null)}
        title={`Delete this ${noun}?`}
        description="It disappears for everyone. The reason is published on the moderation log."
        confirmLabel="Delete"
        withRule
        onConfirm={({ reason, rule }) => confirm("delete", reason, rule)}
      />
    </>
  );
}
