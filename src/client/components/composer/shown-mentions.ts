// Mentions read as "@Name" while writing (docs/decisions/064). The stored text keeps each
// member's id in a token `@[Name](id)` (shared/mentions.ts); the textarea shows "@Name" and
// these ranges remember which member each one is. An edit moves the ranges after it; a range
// the edit touched stays only when its "@Name" is still there whole (formatting added around
// it), else it becomes the text it shows. Ids are never guessed from names.
import { mentionTokens } from "@/shared/mentions";

/** A mention as the textarea shows it: `text.slice(start, end)` is "@" + label. */
export type ShownMention = { start: number; end: number; id: string; label: string };
export type ShownText = { text: string; mentions: ShownMention[] };

/** The stored text as shown: each token as "@label", with its range. */
export function showMentions(stored: string): ShownText {
  let text = "";
  let from = 0;
  const mentions: ShownMention[] = [];
  for (const token of mentionTokens(stored)) {
    text += stored.slice(from, token.index);
    const start = text.length;
    text += `@${token.label}`;
    mentions.push({ start, end: text.length, id: token.id, label: token.label });
    from = token.index + token.text.length;
  }
  return { text: text + stored.slice(from), mentions };
}

/** The shown text as stored: each range as its token. */
export function storeMentions({ text, mentions }: ShownText): string {
  let stored = "";
  let from = 0;
  for (const mention of mentions) {
    stored += `${text.slice(from, mention.start)}@[${mention.label}](${mention.id})`;
    from = mention.end;
  }
  return stored + text.slice(from);
}

/** The mentions of `before` that `text`, the textarea after one edit, still holds. */
export function followEdit(before: ShownText, text: string): ShownMention[] {
  const old = before.text;
  const shorter = Math.min(old.length, text.length);
  let prefix = 0;
  while (prefix < shorter && old[prefix] === text[prefix]) prefix += 1;
  let suffix = 0;
  while (
    suffix < shorter - prefix &&
    old[old.length - 1 - suffix] === text[text.length - 1 - suffix]
  ) {
    suffix += 1;
  }
  const oldEnd = old.length - suffix;
  const newEnd = text.length - suffix;
  const shift = text.length - old.length;
  const kept: ShownMention[] = [];
  let searchFrom = prefix;
  for (const mention of before.mentions) {
    if (mention.end <= prefix) {
      kept.push(mention);
    } else if (mention.start >= oldEnd) {
      kept.push({ ...mention, start: mention.start + shift, end: mention.end + shift });
    } else {
      // In the edited stretch: kept when the edit only added around it (bold, a list marker).
      const shown = `@${mention.label}`;
      const at = text.indexOf(shown, searchFrom);
      if (at >= 0 && at + shown.length <= newEnd) {
        kept.push({ ...mention, start: at, end: at + shown.length });
        searchFrom = at + shown.length;
      }
    }
  }
  return kept;
}

/** The stored text after the textarea became `text`, with `added` (a picked member) if any. */
export function storedAfterEdit(before: ShownText, text: string, added?: ShownMention): string {
  const kept = followEdit(before, text);
  const mentions = added
    ? [...kept.filter((m) => m.end <= added.start || m.start >= added.end), added].sort(
        (a, b) => a.start - b.start,
      )
    : kept;
  return storeMentions({ text, mentions });
}
