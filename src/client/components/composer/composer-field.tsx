import { ImagePlus } from "lucide-react";
import {
  type ClipboardEvent,
  type DragEvent,
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { MarkupContent } from "@/client/components/markup/markup-content";
import { Button } from "@/client/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { mentionsNamedIn } from "@/shared/mentions";
import { applyFormat, type FormatAction, SHORTCUT_KEYS } from "./format-actions";
import { FormattingToolbar } from "./formatting-toolbar";
import type { TextEdit } from "./markup-edits";
import { type ShownMention, showMentions, storedAfterEdit } from "./shown-mentions";
import { POST_IMAGE_ACCEPT } from "./upload-post-image";
import { useImageUpload } from "./use-image-upload";
import { useMentionAutocomplete } from "./use-mention-autocomplete";

type Mode = "write" | "preview";

export type ComposerFieldProps = {
  id: string;
  label: string;
  /** The text as stored: mentions as their tokens `@[Name](id)`. */
  value: string;
  onChange: (value: string) => void;
  /** The limit the counter shows (the stored text's length counts, tokens included). */
  max: number;
  /** After the counter (the CMS's " · 3 min read"). */
  counterNote?: string;
  textareaRef: RefObject<HTMLTextAreaElement | null>;
  /** Also given the textarea element (react-hook-form's ref, to focus the field on an error). */
  fieldRef?: (element: HTMLTextAreaElement | null) => void;
  onBlur?: () => void;
  error?: string;
  disabled?: boolean;
  rows?: number;
  placeholder?: string;
  /** Ctrl+Enter (⌘+Enter): send. */
  onSubmitShortcut?: () => void;
  /** Typing "@name" offers members to mention (where the server keeps mentions). */
  mentions?: boolean;
  /** Images may be pasted, dropped or picked (posts whose visibility the server knows). */
  images?: boolean;
};

/**
 * The one composer (docs/product.md §2.7, docs/decisions/064): Write, with the formatting
 * toolbar, its shortcuts, the live counter and @-mention suggestions, or Preview, the text as
 * it will be shown. Mentions read "@Name" in the textarea (shown-mentions.ts). The textarea
 * stays mounted while previewing, so its ref, selection and undo history survive the switch.
 */
export function ComposerField({
  id,
  label,
  value,
  onChange,
  max,
  counterNote,
  textareaRef,
  fieldRef,
  onBlur,
  error,
  disabled,
  rows = 4,
  placeholder,
  onSubmitShortcut,
  mentions = true,
  images = false,
}: ComposerFieldProps) {
  const [mode, setMode] = useState<Mode>("write");
  // The selection to restore once React has written the edited text into the textarea.
  const pendingSelection = useRef<TextEdit | null>(null);
  const shown = useMemo(() => showMentions(value), [value]);

  const changeShown = (text: string, picked?: ShownMention) =>
    onChange(storedAfterEdit(shown, text, picked));

  // An upload ends after more typing: it writes into the text as it is then.
  const latestChange = useRef(changeShown);
  latestChange.current = changeShown;
  const insertAtCaret = (text: string) => {
    const textarea = textareaRef.current;
    const current = textarea?.value ?? shown.text;
    const start = textarea?.selectionStart ?? current.length;
    const end = textarea?.selectionEnd ?? start;
    const next = current.slice(0, start) + text + current.slice(end);
    const caret = start + text.length;
    pendingSelection.current = { value: next, selectionStart: caret, selectionEnd: caret };
    latestChange.current(next);
  };
  const image = useImageUpload({ textareaRef, value, insert: insertAtCaret });
  const picker = useRef<HTMLInputElement>(null);
  const filesFrom = (list: FileList | null | undefined) => (list ? [...list] : []);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = filesFrom(event.clipboardData?.files);
    if (!images || files.length === 0) return;
    event.preventDefault();
    void image.add(files);
  };
  const onDrop = (event: DragEvent<HTMLTextAreaElement>) => {
    const files = filesFrom(event.dataTransfer?.files);
    if (!images || files.length === 0) return;
    event.preventDefault();
    void image.add(files);
  };

  const mention = useMentionAutocomplete({
    textareaRef,
    value: shown.text,
    mentions: shown.mentions,
    onChange: changeShown,
  });

  useLayoutEffect(() => {
    const edit = pendingSelection.current;
    const textarea = textareaRef.current;
    if (!edit || !textarea || textarea.value !== edit.value) return;
    pendingSelection.current = null;
    textarea.focus();
    textarea.setSelectionRange(edit.selectionStart, edit.selectionEnd);
  });

  const setTextarea = useCallback(
    (element: HTMLTextAreaElement | null) => {
      textareaRef.current = element;
      fieldRef?.(element);
    },
    [textareaRef, fieldRef],
  );

  const format = (action: FormatAction) => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    const edit = applyFormat(action, shown.text, textarea.selectionStart, textarea.selectionEnd);
    pendingSelection.current = edit;
    changeShown(edit.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (mentions) mention.textareaProps.onKeyDown(event);
    if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.altKey) return;
    if (event.key === "Enter" && onSubmitShortcut) {
      event.preventDefault();
      onSubmitShortcut();
      return;
    }
    const action = event.shiftKey ? undefined : SHORTCUT_KEYS[event.key.toLowerCase()];
    if (!action) return;
    event.preventDefault();
    format(action);
  };

  // After a switch back to Write, the caret is where it was.
  const changeMode = (next: string) => {
    if (next !== "write" && next !== "preview") return;
    setMode(next);
    if (next === "write") requestAnimationFrame(() => textareaRef.current?.focus());
  };

  return (
    <Tabs value={mode} onValueChange={changeMode} className="gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <TabsList className="h-9">
          <TabsTrigger value="write" className="px-3 py-1">
            Write
          </TabsTrigger>
          <TabsTrigger value="preview" className="px-3 py-1">
            Preview
          </TabsTrigger>
        </TabsList>
        {mode === "write" ? (
          <div className="flex items-center gap-1">
            <FormattingToolbar controls={id} onFormat={format} disabled={disabled} />
            {images ? (
              <>
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="size-9"
                  aria-label={image.uploading ? "Adding image..." : "Add image"}
                  title="Add image"
                  disabled={disabled || image.uploading}
                  onClick={() => picker.current?.click()}
                >
                  <ImagePlus aria-hidden />
                </Button>
                <input
                  ref={picker}
                  type="file"
                  accept={POST_IMAGE_ACCEPT}
                  multiple
                  hidden
                  aria-label="Image to add"
                  onChange={(event) => {
                    const files = filesFrom(event.target.files);
                    event.target.value = "";
                    void image.add(files);
                  }}
                />
              </>
            ) : null}
          </div>
        ) : null}
      </div>
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <TextareaField
          {...(mentions ? mention.textareaProps : {})}
          id={id}
          label={label}
          rows={rows}
          placeholder={placeholder}
          value={shown.text}
          disabled={disabled}
          error={error}
          counter={{ length: value.length, max, note: counterNote }}
          ref={setTextarea}
          onChange={(event) => changeShown(event.target.value)}
          onBlur={() => {
            if (mentions) mention.textareaProps.onBlur();
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          onPaste={onPaste}
          onDrop={onDrop}
          aria-busy={image.uploading || undefined}
          afterTextarea={mentions ? mention.popup : null}
        />
      </TabsContent>
      <TabsContent value="preview" className="grid gap-2">
        <div className="min-h-24 rounded-md border bg-card px-3 py-2">
          {/* Every token's member links, before the server has checked them. */}
          {value.trim() ? (
            <MarkupContent content={value} mentions={mentionsNamedIn(value)} quoting="preview" />
          ) : (
            <p className="text-muted-foreground text-sm">Nothing to preview yet.</p>
          )}
        </div>
        {error ? <p className="text-destructive text-sm">{error}</p> : null}
      </TabsContent>
    </Tabs>
  );
}
