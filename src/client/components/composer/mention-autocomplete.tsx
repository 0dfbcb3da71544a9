import { useEffect } from "react";
import { UserAvatar } from "@/client/components/user-avatar";
import type { MemberSummary } from "@/shared/api-types";

/** What the popup shows: members to pick, a line instead of them, or nothing at all. */
export type MentionPopupState =
  | { kind: "closed" }
  | { kind: "searching" }
  | { kind: "empty" }
  | { kind: "options"; options: MemberSummary[]; activeIndex: number };

type MentionAutocompleteProps = {
  /** The listbox's id, which the textarea's aria-controls names. */
  listboxId: string;
  state: MentionPopupState;
  onPick: (member: MemberSummary) => void;
  onHighlight: (index: number) => void;
};

/** The id of option `index`: the textarea's aria-activedescendant while it is highlighted. */
export function mentionOptionId(listboxId: string, index: number): string {
  return `${listboxId}-option-${index}`;
}

const joined = new Intl.DateTimeFormat(undefined, { month: "short", year: "numeric" });

/** "Berlin · joined Mar 2024": tells apart two members of one name. */
function memberDetail(member: MemberSummary): string {
  const since = `joined ${joined.format(new Date(member.createdAt))}`;
  return member.location ? `${member.location} · ${since}` : since;
}

function announcement(state: MentionPopupState): string {
  if (state.kind === "empty") return "No members found";
  if (state.kind !== "options") return "";
  const n = state.options.length;
  return `${n} ${n === 1 ? "member" : "members"} found`;
}

/**
 * The members offered for a "@query" (hooks/use-mention-autocomplete.ts keeps its state):
 * rendered right after the textarea, it lies over what follows, below the textarea, the
 * textarea's full width on a phone and 20rem from `sm` up. The focus never leaves the textarea:
 * a press on an option is kept from taking it, and the keyboard works through
 * aria-activedescendant. The count is announced in a live region that is always there.
 */
export function MentionAutocomplete({
  listboxId,
  state,
  onPick,
  onHighlight,
}: MentionAutocompleteProps) {
  const activeIndex = state.kind === "options" ? state.activeIndex : -1;

  useEffect(() => {
    if (activeIndex < 0) return;
    document
      .getElementById(mentionOptionId(listboxId, activeIndex))
      ?.scrollIntoView({ block: "nearest" });
  }, [listboxId, activeIndex]);

  const panel =
    "absolute inset-x-0 top-1 z-50 rounded-md border bg-popover text-popover-foreground shadow-md sm:right-auto sm:w-80";

  return (
    <div className="relative">
      <p role="status" className="sr-only">
        {announcement(state)}
      </p>
      {state.kind === "options" ? (
        <div
          id={listboxId}
          role="listbox"
          aria-label="Members to mention"
          className={`${panel} max-h-64 overflow-y-auto p-1`}
          // Keeps the focus (and the caret) in the textarea when an option is pressed.
          onMouseDown={(event) => event.preventDefault()}
        >
          {state.options.map((member, index) => (
            // biome-ignore lint/a11y/useKeyWithClickEvents: the keyboard works from the textarea (aria-activedescendant), which keeps the focus
            <div
              key={member.id}
              id={mentionOptionId(listboxId, index)}
              role="option"
              // Reached through the textarea's aria-activedescendant, never by Tab.
              tabIndex={-1}
              aria-selected={index === activeIndex}
              className="flex cursor-pointer items-center gap-3 rounded-sm px-2 py-1.5 aria-selected:bg-accent aria-selected:text-accent-foreground"
              onMouseMove={() => {
                if (index !== activeIndex) onHighlight(index);
              }}
              onClick={() => onPick(member)}
            >
              <UserAvatar
                name={member.displayName}
                avatarUrl={member.avatarUrl}
                className="size-8"
              />
              <span className="flex min-w-0 flex-col">
                <span className="truncate font-medium text-sm">{member.displayName}</span>
                <span className="truncate text-muted-foreground text-xs">
                  {memberDetail(member)}
                </span>
              </span>
            </div>
          ))}
        </div>
      ) : state.kind === "empty" || state.kind === "searching" ? (
        <p aria-hidden="true" className={`${panel} px-3 py-2 text-muted-foreground text-sm`}>
          {state.kind === "empty" ? "No members found" : "Searching members..."}
        </p>
      ) : null}
    </div>
  );
}
