import type * as React from "react";
import {
  fieldErrorClassName,
  labelClassName,
  textareaClassName,
} from "@/client/components/ui/field-classes";
import { CharacterCount } from "./character-count";

type TextareaFieldProps = Omit<React.ComponentProps<"textarea">, "className"> & {
  id: string;
  label: string;
  error?: string;
  /** The live counter under the field; `length` is the value's current length. */
  counter?: { length: number; max: number; note?: string };
  /** Shown right after the textarea, in the same parent (a popup that lies over what follows). */
  afterTextarea?: React.ReactNode;
};

/**
 * Label, textarea, inline error and counter wired together for screen readers. It is built
 * from the class strings rather than the Label and Textarea primitives, so the home page's
 * contact form can use it without tailwind-merge (docs/decisions/007).
 */
export function TextareaField({
  id,
  label,
  error,
  counter,
  afterTextarea,
  ...textareaProps
}: TextareaFieldProps) {
  const errorId = `${id}-error`;
  const countId = `${id}-count`;
  const describedBy = [error ? errorId : null, counter ? countId : null].filter(Boolean).join(" ");
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      <textarea
        id={id}
        className={textareaClassName}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        {...textareaProps}
      />
      {afterTextarea}
      {error ? (
        <p id={errorId} className={fieldErrorClassName}>
          {error}
        </p>
      ) : null}
      {counter ? <CharacterCount id={countId} {...counter} /> : null}
    </div>
  );
}
