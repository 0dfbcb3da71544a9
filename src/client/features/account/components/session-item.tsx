import { Monitor, Smartphone } from "lucide-react";
import { RelativeTime } from "@/client/components/relative-time";
import { Badge } from "@/client/components/ui/badge";
import { Button } from "@/client/components/ui/button";
import { deviceLabel, isMobileSystem } from "@/client/features/account/lib/device-label";
import type { AccountSession } from "@/shared/api-types";

type SessionItemProps = {
  session: AccountSession;
  onSignOut: (session: AccountSession) => void;
  signingOut: boolean;
};

/** One signed-in browser: device, address, when last used; "Sign out" unless it is this one. */
export function SessionItem({ session, onSignOut, signingOut }: SessionItemProps) {
  const label = deviceLabel(session);
  const Icon = isMobileSystem(session.os) ? Smartphone : Monitor;

  return (
    <li className="flex flex-wrap items-center gap-x-4 gap-y-3 py-4 first:pt-0 last:pb-0">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
      <div className="grid min-w-0 flex-1 gap-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          <span className="wrap-anywhere">{label}</span>
          {session.current ? <Badge variant="secondary">This device</Badge> : null}
        </p>
        <p className="text-muted-foreground text-sm">
          <span className="wrap-anywhere">{session.ipAddress ?? "Unknown address"}</span>
          <span aria-hidden="true"> · </span>
          <RelativeTime value={session.lastUsedAt} prefix="Last used" />
        </p>
      </div>
      {session.current ? null : (
        <Button
          variant="outline"
          size="sm"
          disabled={signingOut}
          onClick={() => onSignOut(session)}
        >
          {signingOut ? "Signing out..." : "Sign out"}
          <span className="sr-only"> {label}</span>
        </Button>
      )}
    </li>
  );
}
