import { Ban, ShieldCheck } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import {
  useLiftSuspension,
  useMemberSuspension,
  useSuspendMember,
} from "@/client/features/moderation/api/member-suspension";
import { useAuth } from "@/client/lib/session/use-auth";
import { toast } from "@/client/lib/toast";
import { can, type Role, STAFF_ROLES } from "@/shared/permissions";
import { ReasonDialog } from "./reason-dialog";

type MemberModerationProps = { memberId: string; name: string; memberRole: Role };

/**
 * Suspend or lift, on a member's profile, for moderators and admins (never on their own);
 * moderators never on staff's, which only admins suspend (the server refuses it too).
 */
export function MemberModeration({ memberId, name, memberRole }: MemberModerationProps) {
  const { user, role } = useAuth();
  const staffTarget = (STAFF_ROLES as readonly Role[]).includes(memberRole);
  const allowed =
    can(role, "moderate") && user?.id !== memberId && (!staffTarget || can(role, "manageUsers"));
  const current = useMemberSuspension(memberId, allowed);
  const suspend = useSuspendMember(memberId);
  const lift = useLiftSuspension(memberId);
  if (!allowed || current.isPending) return null;
  const suspension = current.data?.suspension ?? null;
  return suspension ? (
    <div className="flex flex-wrap items-center gap-2 text-sm">
      <span className="text-destructive">
        Suspended{" "}
        {suspension.endsAt ? `until ${new Date(suspension.endsAt).toUTCString()}` : "for good"}:{" "}
        {suspension.reason}
      </span>
      <ReasonDialog
        title={`Lift ${name}'s suspension`}
        description="The member can post again at once."
        confirmLabel="Lift suspension"
        trigger={
          <Button variant="outline">
            <ShieldCheck aria-hidden="true" />
            Lift suspension
          </Button>
        }
        onConfirm={async ({ reason }) => {
          await lift.mutateAsync(reason);
          toast.success("Suspension lifted");
        }}
      />
    </div>
  ) : (
    <ReasonDialog
      title={`Suspend ${name}`}
      description="They can still read and manage their account, but cannot post, reply, report or change their profile."
      confirmLabel="Suspend"
      withLength
      withRule
      trigger={
        <Button variant="outline">
          <Ban aria-hidden="true" />
          Suspend
        </Button>
      }
      onConfirm={async (values) => {
        await suspend.mutateAsync(values);
        toast.success("Member suspended");
      }}
    />
  );
}
