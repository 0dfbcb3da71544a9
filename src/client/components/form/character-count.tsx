import { formatCount } from "@/client/lib/format-count";

type CharacterCountProps = {
  /** Name it in the field's aria-describedby. */
  id: string;
  length: number;
  max: number;
  /** Said after the count, e.g. " · 3 min read". */
  note?: string;
};

/** The live counter under a field: "{length}/{max} characters". */
export function CharacterCount({ id, length, max, note }: CharacterCountProps) {
  return (
    <p id={id} className="text-right text-muted-foreground text-xs">
      {formatCount(length)}/{formatCount(max)} characters{note}
    </p>
  );
}
