import type { ReactNode } from "react";
import { Card } from "@/client/components/ui/card";

/**
 * A setting that is a set of values (roles, reaction kinds): one checkbox per option in a
 * fieldset, so a screen reader names the group by its legend and reads the hint with it.
 */
export function CheckboxGroupCard<T extends string>({
  label,
  hint,
  hintId,
  options,
  checked,
  optionLabel,
  disabled,
  onChange,
}: {
  label: string;
  hint: string;
  /** The hint's id, for the fieldset's aria-describedby. */
  hintId: string;
  /** Every value, in the order the boxes show. */
  options: readonly T[];
  /** The values that are on. */
  checked: readonly T[];
  /** What a box shows beside it. */
  optionLabel: (option: T) => ReactNode;
  disabled: boolean;
  /** The values that are on after a box changed; a newly checked one is added at the end. */
  onChange: (checked: T[]) => void;
}) {
  return (
    <Card className="grid gap-3 p-4">
      <fieldset className="grid gap-3" aria-describedby={hintId}>
        <legend className="font-medium text-sm">{label}</legend>
        <p id={hintId} className="text-muted-foreground text-sm">
          {hint}
        </p>
        <div className="flex flex-wrap gap-4">
          {options.map((option) => (
            <label key={option} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={checked.includes(option)}
                disabled={disabled}
                onChange={(event) =>
                  onChange(
                    event.target.checked
                      ? [...checked, option]
                      : checked.filter((chosen) => chosen !== option),
                  )
                }
              />
              {optionLabel(option)}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
