import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from "@/client/components/ui/alert-dialog";
import { Button } from "@/client/components/ui/button";
import type { Role } from "@/shared/permissions";
import { ROLE_LABELS } from "./user-row";

/** A role change waiting for the admin's yes: whose, from what, to what. */
export type RoleChange = { id: string; name: string; from: Role; to: Role };

type RoleChangeDialogProps = {
  change: RoleChange | null;
  pending: boolean;
  onConfirm: (change: RoleChange) => void;
  onCancel: () => void;
};

/**
 * The CMS Users tab asks before changing a role, naming the member and both roles
 * (docs/product.md §2.21.4, decision 062): a slip in a selector must not make an admin.
 */
export function RoleChangeDialog({ change, pending, onConfirm, onCancel }: RoleChangeDialogProps) {
  return (
    <AlertDialog
      open={change !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
    >
      {change ? (
        <AlertDialogContent>
          <AlertDialogTitle>Change {change.name}'s role?</AlertDialogTitle>
          <AlertDialogDescription>
            {change.name} goes from {ROLE_LABELS[change.from]} to {ROLE_LABELS[change.to]}.
            {change.to === "admin"
              ? " Admins can do everything, including changing anyone's role."
              : null}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel disabled={pending}>Cancel</AlertDialogCancel>
            {/* Not AlertDialogAction: the dialog stays open, saying so, until the server answers. */}
            <Button disabled={pending} onClick={() => onConfirm(change)}>
              {pending ? "Changing..." : "Change role"}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      ) : null}
    </AlertDialog>
  );
}
