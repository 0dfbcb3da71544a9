import { X } from "lucide-react";
import type * as React from "react";
import { useDeferredValue, useState } from "react";
import { FieldError } from "@/client/components/form/field-error";
import { Input } from "@/client/components/ui/input";
import { Label } from "@/client/components/ui/label";
import { useTags } from "@/client/lib/tags";
import { normaliseTag, TAG_FORMAT, TAG_LIMITS, TOO_MANY_TAGS, tagSpelling } from "@/shared/tags";

type TagsFieldProps = {
  id: string;
  value: string[];
  onChange: (tags: string[]) => void;
  /** The server's or the schema's message for the field. */
  error?: string;
  disabled?: boolean;
  /** The form library's handle, so that a refused tag takes the focus. */
  inputRef?: React.Ref<HTMLInputElement>;
};

/**
 * A discussion's tags (issue 41, docs/decisions/067): up to five, each typed or picked from the
 * suggestions (the browser's own list, from GET /api/tags) and added with Enter or a comma, or
 * on leaving the field. Written the way the server stores them (shared/tags.ts normaliseTag),
 * so "Rant" shows as "rant" at once. Optional.
 */
export function TagsField({ id, value, onChange, error, disabled, inputRef }: TagsFieldProps) {
  const [text, setText] = useState("");
  const [typingError, setTypingError] = useState<string | null>(null);
  const prefix = useDeferredValue(tagSpelling(text));
  const suggestions = useTags(prefix, !disabled);
  const offered = (suggestions.data?.tags ?? []).filter((tag) => !value.includes(tag.name));
  const shownError = typingError ?? error;
  const full = value.length >= TAG_LIMITS.perDiscussion;

  const add = (typed = text) => {
    if (typed.trim() === "") return true;
    const tag = normaliseTag(typed);
    if (tag === null) {
      setTypingError(TAG_FORMAT);
      return false;
    }
    if (!value.includes(tag)) {
      if (full) {
        setTypingError(TOO_MANY_TAGS);
        return false;
      }
      onChange([...value, tag]);
    }
    setText("");
    setTypingError(null);
    return true;
  };

  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        Tags <span className="font-normal text-muted-foreground">(optional)</span>
      </Label>
      {value.length > 0 ? (
        <ul aria-label="Chosen tags" className="flex flex-wrap gap-2">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border bg-muted py-0.5 pr-1 pl-2.5 text-sm"
            >
              #{tag}
              <button
                type="button"
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove tag ${tag}`}
                disabled={disabled}
                onClick={() => onChange(value.filter((other) => other !== tag))}
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Input
        ref={inputRef}
        id={id}
        value={text}
        list={`${id}-suggestions`}
        autoComplete="off"
        enterKeyHint="enter"
        disabled={disabled || full}
        placeholder={full ? TOO_MANY_TAGS : "Type a tag and press Enter"}
        aria-describedby={`${id}-hint${shownError ? ` ${id}-error` : ""}`}
        aria-invalid={shownError ? true : undefined}
        onChange={(event) => {
          const next = event.target.value;
          if (typingError) setTypingError(null);
          // A comma ends a tag, as in most tag fields (a phone's keyboard sends no key for it).
          const comma = next.indexOf(",");
          if (comma === -1) setText(next);
          else if (add(next.slice(0, comma))) setText(next.slice(comma + 1).trimStart());
          else setText(next.slice(0, comma));
        }}
        onKeyDown={(event) => {
          if (event.key === "Enter" || event.key === ",") {
            event.preventDefault();
            add();
          } else if (event.key === "Backspace" && text === "" && value.length > 0) {
            onChange(value.slice(0, -1));
          }
        }}
        onBlur={() => {
          add();
        }}
      />
      <datalist id={`${id}-suggestions`}>
        {offered.map((tag) => (
          <option key={tag.name} value={tag.name}>
            {`${tag.discussions} ${tag.discussions === 1 ? "discussion" : "discussions"}`}
          </option>
        ))}
      </datalist>
      <p id={`${id}-hint`} className="text-muted-foreground text-xs">
        Up to {TAG_LIMITS.perDiscussion} tags, so people can find your discussion.
      </p>
      {shownError ? <FieldError id={`${id}-error`}>{shownError}</FieldError> : null}
    </div>
  );
}
