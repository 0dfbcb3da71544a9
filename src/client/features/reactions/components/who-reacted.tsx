import { useState } from "react";
import { Popover, PopoverContent, PopoverTrigger } from "@/client/components/ui/popover";
import { useWhoReacted } from "@/client/features/reactions/api/get-who-reacted";
import { REACTION_LOOKS } from "@/shared/reactions";

export type WhoReactedProps = { discussionId: string; replyId: string | null; total: number };

/**
 * "Who reacted" (docs/decisions/075): opens on hover with a mouse, on tap and from the keyboard;
 * public members by name, the rest counted ("and 2 others").
 */
export function WhoReacted({ discussionId, replyId, total }: WhoReactedProps) {
  const [open, setOpen] = useState(false);
  const who = useWhoReacted(discussionId, replyId, open);
  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        className="rounded-md px-1.5 py-1 text-muted-foreground text-xs underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
        onPointerEnter={(event) => {
          if (event.pointerType === "mouse") setOpen(true);
        }}
      >
        {total === 1 ? "1 reaction" : `${total} reactions`}
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 text-sm" aria-label="Who reacted">
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
