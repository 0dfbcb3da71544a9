import { Ban } from "lucide-react";
import { useSuspension } from "@/client/lib/session/use-suspension";

/** What a suspended member sees on every page: why, and until when (docs/decisions/027). */
export function SuspensionBanner() {
  const suspension = useSuspension();
  if (!suspension) return null;
  const until = suspension.endsAt
    ? `until ${new Date(suspension.endsAt).toUTCString()}`
    : "with no end date";
  return (
    <div
      role="status"
      className="border-destructive/30 border-b bg-destructive/5 px-4 py-3 text-sm"
    >
      <p className="mx-auto flex max-w-6xl items-start gap-2">
        <Ban aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
        <span>
          <strong>Your account is suspended {until}.</strong> Reason: {suspension.reason}. You can
          read, and manage your account, but you cannot post, reply, report or change your profile.
        </span>
      </p>
    </div>
  );
}
