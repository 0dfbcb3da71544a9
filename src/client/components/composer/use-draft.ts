import { useCallback, useEffect, useRef, useState } from "react";
import { DRAFT_SAVE_DELAY_MS } from "@/shared/drafts";
import {
  type DraftText,
  deleteDraft,
  getDraft,
  putDraft,
  putDraftAsThePageCloses,
} from "./drafts-api";

/** What the status line says (docs/product.md §2.7): quietly, in a polite live region. */
export type DraftStatus = "none" | "restored" | "saved" | "failed";

type UseDraftOptions = {
  /** The composer's place (shared/drafts.ts `draftPlace`); undefined keeps no draft. */
  place: string | undefined;
  /** The text as it is now. */
  text: DraftText;
  /** The text the composer opened with (an edit's post); a draft equal to it is none. */
  baseline: DraftText;
  /** A saved draft was found: the composer shows it, if nothing was typed yet. */
  onRestore: (text: DraftText) => void;
};

const same = (a: DraftText, b: DraftText) =>
  (a.title ?? "") === (b.title ?? "") && a.content === b.content;

/**
 * Keeps the composer's text as a draft on the server (issue 40, docs/decisions/065): restored
 * when the composer opens, saved a moment after typing stops and as the page goes away,
 * deleted when the text is back to where it started, sent, or discarded.
 */
export function useDraft({ place, text, baseline, onRestore }: UseDraftOptions) {
  const [status, setStatus] = useState<DraftStatus>("none");
  // The text the server holds for this place (null: no draft), as far as this tab knows.
  const stored = useRef<DraftText | null>(null);
  const pending = useRef<DraftText | null>(null);
  // Saving waits for the saved draft to be read: typing before that must not overwrite it unseen.
  const [loaded, setLoaded] = useState(false);
  const saving = useRef<Promise<void>>(Promise.resolve());
  const latest = useRef({ text, baseline, onRestore });
  latest.current = { text, baseline, onRestore };

  // Nothing to send: the text is what the server holds already (or, back at the start, it holds none).
  const unchanged = useCallback((next: DraftText) => {
    if (same(next, latest.current.baseline)) return stored.current === null;
    return stored.current !== null && same(next, stored.current);
  }, []);

  const write = useCallback(
    (next: DraftText) => {
      if (!place) return;
      pending.current = null;
      if (unchanged(next)) return;
      const empty = same(next, latest.current.baseline);
      stored.current = empty ? null : next;
      saving.current = saving.current
        .then(() => (empty ? deleteDraft(place) : putDraft(place, next)))
        .then(
          () => setStatus(empty ? "none" : "saved"),
          () => setStatus("failed"),
        );
    },
    [place, unchanged],
  );

  // Opening: the saved draft replaces the starting text, unless something was typed already.
  useEffect(() => {
    if (!place) return;
    const controller = new AbortController();
    getDraft(place, controller.signal)
      .then((draft) => {
        setLoaded(true);
        if (!draft) return;
        stored.current = { title: draft.title, content: draft.content };
        if (!same(latest.current.text, latest.current.baseline)) return;
        latest.current.onRestore(stored.current);
        setStatus("restored");
      })
      .catch(() => {
        if (!controller.signal.aborted) setLoaded(true);
      });
    return () => controller.abort();
  }, [place]);

  // Typing: saved once it pauses for DRAFT_SAVE_DELAY_MS.
  const { title, content } = text;
  useEffect(() => {
    if (!place || !loaded) return;
    const current = { title, content };
    pending.current = current;
    const timer = setTimeout(() => write(current), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [place, loaded, title, content, write]);

  // The page goes away (or the composer closes) before the pause: saved at once.
  useEffect(() => {
    if (!place) return;
    const flush = () => {
      const next = pending.current;
      if (!next || document.visibilityState !== "hidden") return;
      pending.current = null;
      // A draft only restored here, sent from another device meanwhile, must not come back.
      if (same(next, latest.current.baseline) || unchanged(next)) return;
      stored.current = next;
      putDraftAsThePageCloses(place, next);
    };
    document.addEventListener("visibilitychange", flush);
    return () => {
      document.removeEventListener("visibilitychange", flush);
      const next = pending.current;
      if (next) write(next);
    };
  }, [place, write, unchanged]);

  /** Sending: what waits to be saved is the post now (a closing editor must not save it). */
  const sending = useCallback(() => {
    pending.current = null;
  }, []);

  /** Sent: the server deleted the draft; nothing typed before the send may bring it back. */
  const sent = useCallback(() => {
    pending.current = null;
    stored.current = null;
    setStatus("none");
    if (!place) return;
    // A save still on its way when the post went out would leave the draft behind.
    saving.current = saving.current.then(() => deleteDraft(place)).catch(() => undefined);
  }, [place]);

  /** "Discard draft": deleted, and the composer back to the text it opened with. */
  const discard = useCallback(() => {
    pending.current = null;
    stored.current = null;
    setStatus("none");
    latest.current.onRestore(latest.current.baseline);
    if (!place) return;
    saving.current = saving.current.then(() => deleteDraft(place)).catch(() => undefined);
  }, [place]);

  return { status, sending, sent, discard };
}
