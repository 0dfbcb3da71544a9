import { Bold, Italic, List, ListOrdered, type LucideIcon, Underline } from "lucide-react";
import { type KeyboardEvent, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { FORMAT_ACTIONS, FORMAT_LABELS, type FormatAction } from "./format-actions";

const ICONS: Record<FormatAction, LucideIcon> = {
  bold: Bold,
  italic: Italic,
  underline: Underline,
  bulleted: List,
  numbered: ListOrdered,
};

const SHORTCUTS: Partial<Record<FormatAction, string>> = {
  bold: "B",
  italic: "I",
  underline: "U",
};

type FormattingToolbarProps = {
  /** The textarea the buttons write into. */
  controls: string;
  onFormat: (action: FormatAction) => void;
  disabled?: boolean;
};

/**
 * Bold, italic, underline and the two lists (docs/decisions/021). The buttons are actions,
 * not toggles (they insert markers; the text shows what is on), so they carry no aria-pressed.
 * One Tab stop; the arrow keys, Home and End move between the buttons (the ARIA toolbar
 * pattern). A press keeps the focus, and so the selection, in the textarea.
 */
export function FormattingToolbar({ controls, onFormat, disabled }: FormattingToolbarProps) {
  const [current, setCurrent] = useState(0);
  const buttons = useRef<Array<HTMLButtonElement | null>>([]);

  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    const last = FORMAT_ACTIONS.length - 1;
    const next =
      event.key === "ArrowRight"
        ? current === last
          ? 0
          : current + 1
        : event.key === "ArrowLeft"
          ? current === 0
            ? last
            : current - 1
          : event.key === "Home"
            ? 0
            : event.key === "End"
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    setCurrent(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={controls}
      className="flex flex-wrap items-center gap-0.5"
      onKeyDown={move}
    >
      {FORMAT_ACTIONS.map((action, index) => {
        const Icon = ICONS[action];
        const key = SHORTCUTS[action];
        return (
          <Button
            key={action}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            variant="ghost"
            size="icon"
            className="size-9"
            aria-label={FORMAT_LABELS[action]}
            aria-keyshortcuts={key ? `Control+${key} Meta+${key}` : undefined}
            title={key ? `${FORMAT_LABELS[action]} (Ctrl+${key})` : FORMAT_LABELS[action]}
            tabIndex={index === current ? 0 : -1}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setCurrent(index)}
            onClick={() => onFormat(action)}
          >
            <Icon aria-hidden="true" />
          </Button>
        );
      })}
    </div>
  );
}
