import { type RefObject, useRef } from "react";
import { Popover, PopoverAnchor, PopoverContent } from "@/client/components/ui/popover";
import { useWhoReacted } from "@/client/features/reactions/api/get-who-reacted";
import { REACTION_LOOKS } from "@/shared/reactions";

export type WhoReactedProps = {
  discussionId: string;
  replyId: string | null;
  /** The button that opens it (who-reacted-button.tsx): the list is placed against it. */
  anchor: RefObject<HTMLButtonElement | null>;
  listId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

/**
 * Who reacted to a post (docs/decisions/075): public members by name, the rest counted ("and 2
 * others"). Its button is not a PopoverTrigger, so what Radix does for a trigger is done here:
 * a press on the button is not a press outside, and closing gives it the focus back unless
 * the person went elsewhere.
 */
export function WhoReacted({
  discussionId,
  replyId,
  anchor,
  listId,
  open,
  onOpenChange,
}: WhoReactedProps) {
  const who = useWhoReacted(discussionId, replyId, open);
  const wentElsewhere = useRef(false);
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverAnchor virtualRef={anchor} />
      <PopoverContent
        id={listId}
        align="start"
        className="w-72 text-sm"
        aria-label="Who reacted"
        onInteractOutside={(event) => {
          if (anchor.current?.contains(event.target as Node)) event.preventDefault();
          else wentElsewhere.current = true;
        }}
        onCloseAutoFocus={(event) => {
          event.preventDefault();
          if (!wentElsewhere.current) anchor.current?.focus();
          wentElsewhere.current = false;
        }}
      >
        {who.isPending ? (
          <p className="text-muted-foreground">Loading...</p>
        ) : who.isError ? (
          <p className="text-muted-foreground">Could not load who reacted.</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {who.data.kinds.map((entry) => {
              const names = entry.members.map((member) => member.displayName);
              if (entry.others > 0) {
                names.push(entry.others === 1 ? "1 other" : `${entry.others} others`);
              }
              return (
                <li key={entry.kind} className="flex gap-2">
                  <span aria-hidden="true">{REACTION_LOOKS[entry.kind].emoji}</span>
                  <span>
                    <span className="sr-only">{REACTION_LOOKS[entry.kind].label}: </span>
                    {names.join(", ")}
                  </span>
                </li>
              );
            })}
          </ul>
        )}
      </PopoverContent>
    </Popover>
  );
}
