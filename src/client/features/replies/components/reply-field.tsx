import {
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
  type TextareaHTMLAttributes,
  useCallback,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import {
  applyFormat,
  type FormatAction,
  SHORTCUT_KEYS,
} from "@/client/features/replies/lib/format-actions";
import type { TextEdit } from "@/client/features/replies/lib/markup-edits";
import { LIMITS } from "@/shared/constants";
import { mentionTokens } from "@/shared/mentions";
import { FormattingToolbar } from "./formatting-toolbar";
import { ReplyContent } from "./reply-content";

type Mode = "write" | "preview";

/** Props another feature of the textarea adds (the mention autocomplete's handlers and ARIA). */
export type TextareaAddOnProps = Omit<
  TextareaHTMLAttributes<HTMLTextAreaElement>,
  "value" | "onChange" | "id" | "className"
>;

export type ReplyFieldProps = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
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
  /** Spread on the textarea after its own props; their onKeyDown runs before the shortcuts. */
  addOnProps?: TextareaAddOnProps;
  /** Right after the textarea, in the same parent (the autocomplete's popup). */
  afterTextarea?: ReactNode;
};

/** Every token's member, as the preview shows them before the server has checked them. */
function previewMentions(value: string) {
  return mentionTokens(value).map((token) => ({ id: token.id, displayName: token.label }));
}

/**
 * A reply's text (docs/product.md §2.7): Write, with the formatting toolbar, its shortcuts and
 * the live counter, or Preview, the reply as it will be shown. The textarea stays mounted while
 * previewing, so its ref, selection and undo history survive the switch.
 */
export function ReplyField({
  id,
  label,
  value,
  onChange,
  textareaRef,
  fieldRef,
  onBlur,
  error,
  disabled,
  rows = 4,
  placeholder,
  onSubmitShortcut,
  addOnProps,
  afterTextarea,
}: ReplyFieldProps) {
  const [mode, setMode] = useState<Mode>("write");
  // The selection to restore once React has written the edited text into the textarea.
  const pendingSelection = useRef<TextEdit | null>(null);

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
    const edit = applyFormat(action, value, textarea.selectionStart, textarea.selectionEnd);
    pendingSelection.current = edit;
    onChange(edit.value);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    addOnProps?.onKeyDown?.(event);
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
          <FormattingToolbar controls={id} onFormat={format} disabled={disabled} />
        ) : null}
      </div>
      <TabsContent value="write" forceMount className="data-[state=inactive]:hidden">
        <TextareaField
          {...addOnProps}
          id={id}
          label={label}
          rows={rows}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          error={error}
          counter={{ length: value.length, max: LIMITS.reply }}
          ref={setTextarea}
          onChange={(event) => onChange(event.target.value)}
          onBlur={(event) => {
            addOnProps?.onBlur?.(event);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
          afterTextarea={afterTextarea}
        />
      </TabsContent>
      <TabsContent value="preview" className="grid gap-2">
        <div className="min-h-24 rounded-md border bg-card px-3 py-2">
          {value.trim() ? (
            <ReplyContent content={value} mentions={previewMentions(value)} />
          ) : (
            <p className="text-muted-foreground text-sm">Nothing to preview yet.</p>
          )}
        </div>
        {error ? <p className="text-destructive text-sm">{error}</p> : null}
      </TabsContent>
    </Tabs>
  );
}
