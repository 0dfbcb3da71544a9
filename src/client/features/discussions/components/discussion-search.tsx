import { useEffect, useRef, useState } from "react";
import { SearchInput } from "@/client/components/search-input";
import { useDebouncedValue } from "@/client/hooks/use-debounced-value";

const SEARCH_DELAY_MS = 300;
const MAX_SEARCH = 200;

type DiscussionSearchProps = {
  value: string;
  onChange: (search: string) => void;
};

/** The search box answers every keystroke; the query waits until typing pauses. */
export function DiscussionSearch({ value, onChange }: DiscussionSearchProps) {
  const [text, setText] = useState(value);
  const debounced = useDebouncedValue(text, SEARCH_DELAY_MS);

  // Only a change of the typed text is sent: when the address changes (clear, back button),
  // text that has not caught up yet must not put the old search back.
  const latest = useRef({ value, onChange });
  latest.current = { value, onChange };
  useEffect(() => {
    const next = debounced.trim();
    if (next !== latest.current.value) latest.current.onChange(next);
  }, [debounced]);

  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);

  return (
    <SearchInput
      className="flex-1"
      aria-label="Search discussions"
      placeholder="Search discussions..."
      value={text}
      maxLength={MAX_SEARCH}
      onChange={(event) => setText(event.target.value)}
    />
  );
}
