import { useMutation } from "@tanstack/react-query";
import { api } from "@/client/lib/api-client";
import type { EmailChangeUndone } from "@/shared/api-types";
import type { UndoEmailChangeInput } from "@/shared/schemas";

/**
 * Gives the account back its previous address and signs everyone out (docs/decisions/049).
 * Works signed out. 400 INVALID_TOKEN; 409 ALREADY_UNDONE, CHANGE_SUPERSEDED or EMAIL_IN_USE.
 */
export function undoEmailChange(input: UndoEmailChangeInput): Promise<EmailChangeUndone> {
  return api.post<EmailChangeUndone>("/api/account/email/undo", { body: { token: input.token } });
}

export function useUndoEmailChange() {
  return useMutation({ mutationFn: undoEmailChange });
}
