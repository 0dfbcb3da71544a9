import { useQueryClient } from "@tanstack/react-query";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { threadQueryOptions, useThread } from "@/client/features/replies/api/get-replies";
import { hasReply } from "@/client/features/replies/lib/reply-pages";
import { ApiError } from "@/client/lib/api-client";
import { useLocation, useSearchParams } from "@/client/lib/location";
import { toast } from "@/client/lib/toast";
import type { ReplyItem } from "@/shared/api-types";
import type { Spotlight } from "./use-reply-spotlight";

/** The query parameter of a reply's permalink: /discussion/{id}?reply={replyId}. */
export const REPLY_PARAM = "reply";

function isReplyNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.code === "REPLY_NOT_FOUND";
}

/**
 * A discussion's thread as the page shows it (docs/product.md §2.7): from its start, or from
 * the page holding the reply a permalink names (`?reply=`), which is then brought into view.
 * A permalink followed on the page (an "in reply to" link, a reply's time) only scrolls when
 * its reply is loaded, and loads that reply's page otherwise. A permalink to a reply the thread
 * does not have falls back to the start, with one quiet notice. Without a permalink, a member
 * lands on the first reply they have not read (`firstUnread`, docs/decisions/071), as the
 * server's render does.
 */
export function useReplyThread(discussionId: string, firstUnread: string | null = null) {
  const queryClient = useQueryClient();
  const [searchParams, setSearchParams] = useSearchParams();
  const { key: locationKey } = useLocation();
  const linked = searchParams.get(REPLY_PARAM);
  // The reply whose page the thread was loaded around (null: from the start).
  const [anchor, setAnchor] = useState<string | null>(linked ?? firstUnread);
  const [spotlight, setSpotlight] = useState<Spotlight | null>(
    linked ? { id: linked, focus: true } : firstUnread ? { id: firstUnread, focus: false } : null,
  );
  const thread = useThread(discussionId, anchor);

  const replies = useMemo(
    () => thread.data?.pages.flatMap((page) => page.items) ?? [],
    [thread.data],
  );
  const renderedIds = useMemo(() => new Set(replies.map((reply) => reply.id)), [replies]);
  const loaded = useRef(renderedIds);
  loaded.current = renderedIds;

  // A new address (or the same one followed again) with a reply: show that reply.
  // biome-ignore lint/correctness/useExhaustiveDependencies: locationKey is the trigger (the link was followed again), not an input.
  useEffect(() => {
    if (!linked) return;
    setSpotlight({ id: linked, focus: true });
    if (!loaded.current.has(linked)) setAnchor(linked);
  }, [linked, locationKey]);

  const missing = anchor !== null && thread.isError && isReplyNotFound(thread.error);
  useEffect(() => {
    if (!missing) return;
    toast.info("That reply is no longer here.", { id: "reply-not-found" });
    setAnchor(null);
    setSpotlight(null);
    setSearchParams(
      (params) => {
        params.delete(REPLY_PARAM);
        return params;
      },
      { replace: true },
    );
  }, [missing, setSearchParams]);

  /** After posting: the new reply is shown, loading the thread's end when it is not loaded. */
  const showPosted = useCallback(
    (reply: ReplyItem) => {
      const data = queryClient.getQueryData(threadQueryOptions(discussionId, anchor).queryKey);
      if (!hasReply(data, reply.id)) setAnchor(reply.id);
      setSpotlight({ id: reply.id, focus: false });
    },
    [queryClient, discussionId, anchor],
  );

  /** Brings a reply into view ("Jump to latest"), loading its page when it is not loaded. */
  const showReply = useCallback((id: string) => {
    if (!loaded.current.has(id)) setAnchor(id);
    setSpotlight({ id, focus: true });
  }, []);

  return { thread, replies, renderedIds, spotlight, showPosted, showReply, missing };
}
