// @mention autocomplete for the composer's textarea (docs/decisions/020, 064): offers public
// members for the "@query" at the caret; a pick writes "@Name" and hands its range (with the
// member's id) to the composer, which stores it as the token `@[Name](id)`.
//
// Spread `textareaProps` after the textarea's own props (a handler the composer also needs
// calls it from its own: onKeyDown first, doing nothing more when `event.defaultPrevented`).
// Render `popup` right after the textarea, in the same parent: it lies over what follows and
// holds the live region that announces the count, so render it always.
import {
  type CompositionEvent,
  createElement,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type SyntheticEvent,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";
import type { MemberSummary } from "@/shared/api-types";
import { useMentionCandidates } from "./get-mention-candidates";
import {
  MentionAutocomplete,
  type MentionPopupState,
  mentionOptionId,
} from "./mention-autocomplete";
import {
  activeMentionQuery,
  insertMention,
  type MentionInsertion,
  rankMentionCandidates,
} from "./mention-query";
import type { ShownMention } from "./shown-mentions";

/** Typing pauses this long before members are asked for. */
const LOOKUP_DELAY_MS = 150;
/** Members the popup offers at most. */
const MAX_OPTIONS = 8;

type UseMentionAutocompleteOptions = {
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** The textarea's text, mentions shown as "@Name". */
  value: string;
  /** The mentions in `value`: an "@" that starts one is no query. */
  mentions: readonly ShownMention[];
  /** Replaces the textarea's text: "@Name" in place of the "@query", and its range. */
  onChange: (value: string, picked: ShownMention) => void;
};

export type MentionTextareaProps = {
  onKeyDown: (event: KeyboardEvent<HTMLTextAreaElement>) => void;
  onSelect: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  onFocus: (event: SyntheticEvent<HTMLTextAreaElement>) => void;
  onBlur: () => void;
  onCompositionStart: (event: CompositionEvent<HTMLTextAreaElement>) => void;
  onCompositionEnd: (event: CompositionEvent<HTMLTextAreaElement>) => void;
  "aria-autocomplete": "list";
  /** The listbox, while it is shown. */
  "aria-controls": string | undefined;
  /** The highlighted option, while the listbox is shown. */
  "aria-activedescendant": string | undefined;
};

/** The caret of a textarea, or null while a range is selected. */
function caretOf(textarea: HTMLTextAreaElement): number | null {
  return textarea.selectionStart === textarea.selectionEnd ? textarea.selectionStart : null;
}

/**
 * Offers public members for the "@query" at the caret and writes the picked one's token. No
 * `aria-expanded` on the textarea: a textbox may not carry it (ARIA 1.2; axe's
 * aria-allowed-attr), and `aria-controls` is there only while the listbox is.
 */
export function useMentionAutocomplete({
  textareaRef,
  value,
  mentions,
  onChange,
}: UseMentionAutocompleteOptions): { textareaProps: MentionTextareaProps; popup: ReactNode } {
  const listboxId = useId();
  /** Where the caret is; null while the textarea is not focused or holds a selection. */
  const [caret, setCaret] = useState<number | null>(null);
  /** An IME is composing: its text is not final, so nothing is looked up. */
  const [composing, setComposing] = useState(false);
  /** The "@" whose popup Escape closed: it stays closed until that query ends. */
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  const [highlight, setHighlight] = useState({ query: "", index: 0 });
  const pendingSelection = useRef<MentionInsertion | null>(null);

  const found =
    caret === null || composing ? null : activeMentionQuery(value, Math.min(caret, value.length));
  // "@Name" of a member already picked is not typed again.
  const mention = found && !mentions.some((shown) => shown.start === found.start) ? found : null;
  const open = mention !== null && mention.start !== dismissedAt;
  const query = open ? mention.query.trim() : "";
  const lookedUp = useDebouncedValue(query, LOOKUP_DELAY_MS);
  const candidates = useMentionCandidates(open ? lookedUp : "");

  const options = open ? rankMentionCandidates(candidates.data ?? [], query, MAX_OPTIONS) : [];
  // The answer is for what is typed now, not an earlier query's kept on screen.
  const answered =
    candidates.isSuccess && !candidates.isPlaceholderData && lookedUp === query && query !== "";
  const activeIndex =
    highlight.query === query ? Math.min(highlight.index, Math.max(options.length - 1, 0)) : 0;

  let state: MentionPopupState = { kind: "closed" };
  if (open && options.length > 0) state = { kind: "options", options, activeIndex };
  // A query with a space may be a sentence going on after an "@": no answer is no popup.
  else if (open && answered && !/\s/.test(query)) state = { kind: "empty" };
  else if (open && !answered && !candidates.isError && !/\s/.test(query)) {
    state = { kind: "searching" };
  }

  const typingMention = mention !== null;
  useEffect(() => {
    if (!typingMention) setDismissedAt(null);
  }, [typingMention]);

  /** Puts the caret after a picked token once the textarea holds the new text. */
  const restoreSelection = useCallback(() => {
    const pending = pendingSelection.current;
    const textarea = textareaRef.current;
    if (!pending || !textarea || textarea.value !== pending.text) return;
    pendingSelection.current = null;
    textarea.focus();
    textarea.setSelectionRange(pending.caret, pending.caret);
    setCaret(pending.caret);
  }, [textareaRef]);

  // A controlled textarea holds the new text after the composer's next render.
  useLayoutEffect(restoreSelection);

  const pick = (member: MemberSummary) => {
    if (!mention) return;
    const inserted = insertMention(value, mention, member);
    pendingSelection.current = inserted;
    onChange(inserted.text, inserted.mention);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open || composing || event.nativeEvent.isComposing) return;
    const count = state.kind === "options" ? state.options.length : 0;
    const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
    if (event.key === "Escape" && state.kind !== "closed") {
      event.preventDefault();
      // A dialog around the composer must not close too.
      event.stopPropagation();
      setDismissedAt(mention.start);
    } else if ((event.key === "ArrowDown" || event.key === "ArrowUp") && count > 0 && !modified) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      setHighlight({ query, index: (activeIndex + step + count) % count });
    } else if ((event.key === "Enter" || event.key === "Tab") && count > 0 && !modified) {
      event.preventDefault();
      const member = state.kind === "options" ? state.options[activeIndex] : undefined;
      if (member) pick(member);
    }
  };

  const followCaret = (event: SyntheticEvent<HTMLTextAreaElement>) =>
    setCaret(caretOf(event.currentTarget));

  const textareaProps: MentionTextareaProps = {
    onKeyDown,
    onSelect: followCaret,
    onFocus: followCaret,
    onBlur: () => setCaret(null),
    onCompositionStart: () => setComposing(true),
    onCompositionEnd: (event) => {
      setComposing(false);
      setCaret(caretOf(event.currentTarget));
    },
    "aria-autocomplete": "list",
    "aria-controls": state.kind === "options" ? listboxId : undefined,
    "aria-activedescendant":
      state.kind === "options" ? mentionOptionId(listboxId, activeIndex) : undefined,
  };

  const popup = createElement(MentionAutocomplete, {
    listboxId,
    state,
    onPick: pick,
    onHighlight: (index: number) => setHighlight({ query, index }),
  });

  return { textareaProps, popup };
}
