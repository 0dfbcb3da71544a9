// The discussion page's `Moderate` menus (docs/product.md §11.8): the moderation feature's menu
// with the discussions feature's Pin and Lock in it, composed here since features do not import
// each other. One chunk, which the page downloads for moderators and admins only.
import type { ModerationControls } from "@/client/features/discussions/components/discussion-detail";
import { MoveCategoryControl } from "@/client/features/discussions/components/move-category-control";
import { PinLockMenuItems } from "@/client/features/discussions/components/pin-lock-menu-items";
import { RetagControl } from "@/client/features/discussions/components/retag-control";
import { ModerationMenu } from "@/client/features/moderation/components/moderation-menu";
import type { StaffMenuControls } from "@/client/features/replies/components/reply-article";
import type { DiscussionItem, ReplyItem } from "@/shared/api-types";

export type DiscussionStaffMenuProps = ModerationControls & {
  discussion: DiscussionItem;
  viewerId: string | undefined;
};

export function DiscussionStaffMenu({
  discussion,
  viewerId,
  edit,
  onDeleted,
}: DiscussionStaffMenuProps) {
  const others = discussion.authorId !== null && discussion.authorId !== viewerId;
  return (
    <>
      <ModerationMenuFor
        discussion={discussion}
        others={others}
        edit={edit}
        onDeleted={onDeleted}
      />
      {/* Issue 41: never on an admin's discussion for a moderator (the server refuses). */}
      {discussion.authorIsAdmin ? null : <MoveCategoryControl discussion={discussion} />}
      {discussion.authorIsAdmin ? null : <RetagControl discussion={discussion} />}
    </>
  );
}

function ModerationMenuFor({
  discussion,
  others,
  edit,
  onDeleted,
}: ModerationControls & { discussion: DiscussionItem; others: boolean }) {
  return (
    <ModerationMenu
      targetKind="discussion"
      targetId={discussion.id}
      label="Moderate the discussion"
      variant="outline"
      offerHide={!discussion.hidden && others}
      author={
        discussion.authorId && others ? { id: discussion.authorId, name: discussion.author } : null
      }
      onEdit={edit}
      // Delete where the viewer may edit as a moderator (decision 048); the author deletes
      // their own with the buttons under it.
      onDeleted={edit ? onDeleted : undefined}
    >
      <PinLockMenuItems discussion={discussion} />
    </ModerationMenu>
  );
}

export type ReplyStaffMenuProps = StaffMenuControls & { reply: ReplyItem };

export function ReplyStaffMenu({ reply, edit, onDeleted }: ReplyStaffMenuProps) {
  const name = reply.author?.displayName ?? "a former member";
  return (
    <ModerationMenu
      targetKind="reply"
      targetId={reply.id}
      label={`Moderate the reply by ${name}`}
      offerHide={!reply.hidden}
      author={reply.author?.id ? { id: reply.author.id, name: reply.author.displayName } : null}
      onEdit={edit}
      onDeleted={onDeleted}
    />
  );
}
