import type { ReactNode } from "react";
import {
  fieldErrorClassName,
  labelClassName,
  textareaClassName,
} from "@/client/components/ui/field-classes";

/** A labelled control with its hint and its error, tied together for screen readers. */
export function Field({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {hint ? (
        <p id={`${id}-hint`} className="text-muted-foreground text-sm">
          {hint}
        </p>
      ) : null}
      {children}
      {error ? (
        <p id={`${id}-error`} className={fieldErrorClassName}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function describedBy(id: string, hint?: string, error?: string): string | undefined {
  const ids = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean);
  return ids.length ? ids.join(" ") : undefined;
}

export function TextArea({
  id,
  value,
  onChange,
  hasHint,
  error,
  rows = 4,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The Field around it shows a hint: point to it. */
  hasHint?: boolean;
  error?: string;
  rows?: number;
}) {
  return (
    <textarea
      id={id}
      rows={rows}
      className={textareaClassName}
      value={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(id, hasHint ? "hint" : undefined, error)}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
