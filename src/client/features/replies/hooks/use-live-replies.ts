import { useQueryClient } from "@tanstack/react-query";
import { repliesQueryKey, updateLoadedThreads } from "@/client/features/replies/api/get-replies";
import { getReply } from "@/client/features/replies/api/get-reply";
import { addReplyAtEnd, replaceReply } from "@/client/features/replies/lib/reply-pages";
import { useDiscussionEvents } from "@/client/hooks/use-discussion-events";

/**
 * docs/product.md §2.7: a reply posted, edited or deleted anywhere shows in this thread without
 * a reload. The event names the reply; only that reply is fetched and put in place in the
 * loaded pages, so the reader's scroll position and the composer's text are left alone. After
 * a reconnect the thread refetches, since events may have been missed.
 */
export function useLiveReplies(discussionId: string): void {
  const queryClient = useQueryClient();
  useDiscussionEvents({
    onChange: (change) => {
      if (change.id !== discussionId || !change.reply) return;
      const { type, id } = change.reply;
      getReply(id).then(
        (reply) =>
          updateLoadedThreads(queryClient, discussionId, (data) =>
            type === "created" ? addReplyAtEnd(data, reply) : replaceReply(data, reply),
          ),
        // Gone already (its discussion was removed) or unreachable: the next refetch shows
        // the thread as it is.
        () => {},
      );
    },
    onResync: () => void queryClient.invalidateQueries({ queryKey: repliesQueryKey(discussionId) }),
  });
}
