import { Button } from "@/client/components/ui/button";
import { Skeleton } from "@/client/components/ui/skeleton";
import { useAccountSessions } from "@/client/features/account/api/get-sessions";
import { useRevokeOtherSessions } from "@/client/features/account/api/revoke-other-sessions";
import { useRevokeSession } from "@/client/features/account/api/revoke-session";
import { deviceLabel } from "@/client/features/account/lib/device-label";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { SessionItem } from "./session-item";
import { SettingsSection } from "./settings-section";

function SessionsSkeleton() {
  return (
    <div role="status" aria-label="Loading sessions" className="grid gap-4">
      {[0, 1].map((key) => (
        <div key={key} className="flex items-center gap-4">
          <Skeleton className="size-5" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-56" />
          </div>
        </div>
      ))}
    </div>
  );
}

/** Where the member is signed in, with a way to end any session but this one. */
export function SessionsSection() {
  const { data, isPending, isError, refetch } = useAccountSessions();
  const revokeSession = useRevokeSession();
  const revokeOthers = useRevokeOtherSessions();

  // This device first, then the most recently used.
  const sessions = [...(data?.sessions ?? [])].sort(
    (a, b) => Number(b.current) - Number(a.current) || b.lastUsedAt.localeCompare(a.lastUsedAt),
  );
  const otherCount = sessions.filter((session) => !session.current).length;

  return (
    <SettingsSection
      id="settings-sessions"
      title="Active sessions"
      description="The browsers and devices signed in to your account. Sign out of any you don't recognise."
    >
      {isPending ? (
        <SessionsSkeleton />
      ) : isError ? (
        <div role="alert" className="grid justify-items-start gap-3">
          <p className="text-muted-foreground">Could not load your sessions.</p>
          <Button variant="outline" size="sm" onClick={() => void refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <div className="grid gap-6">
          <ul aria-label="Active sessions" className="divide-y">
            {sessions.map((session) => (
              <SessionItem
                key={session.id}
                session={session}
                signingOut={revokeSession.isPending && revokeSession.variables === session.id}
                onSignOut={(target) =>
                  revokeSession.mutate(target.id, {
                    onSuccess: () =>
                      toast.success("Signed out", {
                        description: `${deviceLabel(target)} is no longer signed in.`,
                      }),
                    onError: (error) => toast.error(errorMessage(error)),
                  })
                }
              />
            ))}
          </ul>
          <div className="flex flex-wrap items-center gap-3 border-t pt-4">
            <Button
              variant="outline"
              disabled={otherCount === 0 || revokeOthers.isPending}
              onClick={() =>
                revokeOthers.mutate(undefined, {
                  onSuccess: () =>
                    toast.success("Signed out of all other sessions", {
                      description: "Only this device is signed in now.",
                    }),
                  onError: (error) => toast.error(errorMessage(error)),
                })
              }
            >
              {revokeOthers.isPending ? "Signing out..." : "Sign out of all other sessions"}
            </Button>
            {otherCount === 0 ? (
              <p className="text-muted-foreground text-sm">You're not signed in anywhere else.</p>
            ) : null}
          </div>
        </div>
      )}
    </SettingsSection>
  );
}
