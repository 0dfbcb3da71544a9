import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef } from "react";
import { replyElementId } from "@/client/features/replies/hooks/use-reply-spotlight";
import { discussionsQueryKey } from "@/client/lib/query-keys";
import type { ReplyItem } from "@/shared/api-types";
import { READ_REPORT_INTERVAL_MS } from "@/shared/reading";

/** PUT /api/discussions/{id}/read; `keepalive` lets the last report outlive the page. */
function report(discussionId: string, seq: number, keepalive = false): Promise<unknown> {
  return fetch(`/api/discussions/${encodeURIComponent(discussionId)}/read`, {
    method: "PUT",
    headers: { "content-type": "application/json", accept: "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ seq }),
    keepalive,
  }).catch(() => {
    // A lost report costs a reply shown as unread once more: nothing to tell the reader.
  });
}

/**
 * Reports how far a member has read a discussion (docs/decisions/071): the highest reply that
 * has been on screen, at most every READ_REPORT_INTERVAL_MS while they scroll, and once more as
 * the page goes away. Opening the discussion reports at once, so it stops being "New".
 */
export function useReadPosition(
  discussionId: string,
  replies: readonly ReplyItem[],
  enabled: boolean,
) {
  const queryClient = useQueryClient();
  const seen = useRef(0);
  const sent = useRef(-1);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const observer = useRef<IntersectionObserver | null>(null);
  const seqOf = useRef(new Map<Element, number>());
  const shownCount = useRef(replies.length);
  shownCount.current = replies.length;

  useEffect(() => {
    if (!enabled) return;
    const send = (keepalive = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (seen.current === sent.current) return;
      sent.current = seen.current;
      // The lists' "new replies" marks change with it: asked again when next shown (not now:
      // this page's own discussion would be fetched again with every report).
      void report(discussionId, seen.current, keepalive).then(() =>
        queryClient.invalidateQueries({ queryKey: discussionsQueryKey, refetchType: "none" }),
      );
    };
    const later = () => {
      timer.current ??= setTimeout(() => send(), READ_REPORT_INTERVAL_MS);
    };
    let first = true;
    observer.current = new IntersectionObserver((entries) => {
      for (const entry of entries) {
        if (!entry.isIntersecting) continue;
        const seq = seqOf.current.get(entry.target) ?? 0;
        if (seq > seen.current) seen.current = seq;
      }
      // The first look (the replies on screen as the page opens) is reported at once.
      if (first) {
        first = false;
        send();
      } else if (seen.current !== sent.current) {
        later();
      }
    });
    // Opened with no replies on the page: reported now, so it stops being "New".
    if (shownCount.current === 0) {
      first = false;
      send();
    }
    const hidden = () => {
      if (document.visibilityState === "hidden") send(true);
    };
    document.addEventListener("visibilitychange", hidden);
    return () => {
      document.removeEventListener("visibilitychange", hidden);
      observer.current?.disconnect();
      observer.current = null;
      seqOf.current.clear();
      send(true);
    };
  }, [discussionId, enabled, queryClient]);

  useEffect(() => {
    const watching = observer.current;
    if (!enabled || !watching) return;
    for (const reply of replies) {
      const element = document.getElementById(replyElementId(reply.id));
      if (!element || seqOf.current.has(element)) continue;
      seqOf.current.set(element, reply.seq);
      watching.observe(element);
    }
  }, [replies, enabled]);
}
