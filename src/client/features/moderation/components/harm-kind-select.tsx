import { FieldError } from "@/client/components/form/field-error";
import { Label } from "@/client/components/ui/label";
import { NativeSelect } from "@/client/components/ui/native-select";
import { ILLEGAL_HARM_KINDS, ILLEGAL_HARM_LABELS } from "@/shared/online-safety";

/**
 * The kinds of priority illegal content a report of illegal content names (docs/decisions/079):
 * the browser's own select, so that it works before scripts start and without them.
 */
export function HarmKindSelect({
  id,
  error,
  ...props
}: React.ComponentProps<typeof NativeSelect> & { id: string; error?: string | undefined }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>Kind of illegal content</Label>
      <NativeSelect
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        {...props}
      >
        <option value="">Choose the kind</option>
        {ILLEGAL_HARM_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {ILLEGAL_HARM_LABELS[kind]}
          </option>
        ))}
      </NativeSelect>
      {error ? <FieldError id={`${id}-error`}>{error}</FieldError> : null}
    </div>
  );
}
