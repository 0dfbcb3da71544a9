import { zodResolver } from "@hookform/resolvers/zod";
import { useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import { useDeleteAccount } from "@/client/features/member-data/api/delete-account";
import { errorMessage } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { isSessionQuery, SIGNED_OUT, sessionQueryKey } from "@/client/lib/session/get-session";
import { toast } from "@/client/lib/toast";
import { DELETE_CONFIRMATION_WORD } from "@/shared/constants";
import { type DeleteAccountInput, deleteAccountSchema } from "@/shared/schemas";
import { MemberDataCard } from "./member-data-card";

const FIELDS = ["password", "confirmation"] as const;

/**
 * "Delete my account" (docs/product.md §2.14): the password and DELETE typed out; then the
 * account is erased for good and every session ends.
 */
export function DeleteAccountSection({ email }: { email: string }) {
  const deleteAccount = useDeleteAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<DeleteAccountInput>({
    resolver: zodResolver(deleteAccountSchema),
    defaultValues: { password: "", confirmation: "", deleteContent: false },
  });
  const typed = watch("confirmation")?.trim() === DELETE_CONFIRMATION_WORD;

  const onSubmit = handleSubmit(async (values) => {
    try {
      await deleteAccount.mutateAsync(values);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, FIELDS)) {
        toast.error("Your account was not deleted.", { description: errorMessage(error) });
      }
      return;
    }
    toast.success("Your account has been deleted", {
      description: "Everything we held about you is gone. Thank you for being here.",
    });
    // As signing out does (lib/session/sign-out.ts): leave the protected page, show the
    // signed-out view, and forget every member-only answer, so that nothing asks the server
    // for the erased account's data (a 401) on the way out.
    await navigate(paths.home, { replace: true });
    await queryClient.cancelQueries();
    queryClient.setQueryData(sessionQueryKey, SIGNED_OUT);
    await new Promise((resolve) => setTimeout(resolve, 0));
    queryClient.removeQueries({ predicate: (query) => !isSessionQuery(query) });
  });

  return (
    <MemberDataCard
      id="settings-delete"
      title="Delete my account"
      description="This cannot be undone. Your account, profile, avatar, settings and newsletter subscription are removed, and you are signed out everywhere. Your discussions and replies stay, shown as by “Deleted member”, unless you delete them too."
      danger
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          id="delete-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...register("password")}
        />
        <TextField
          id="delete-confirmation"
          label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
          autoComplete="off"
          spellCheck={false}
          error={errors.confirmation?.message}
          {...register("confirmation")}
        />
        <label className="flex items-start gap-2 text-sm" htmlFor="delete-content">
          <input
            id="delete-content"
            type="checkbox"
            className="mt-0.5 size-4 accent-destructive"
            {...register("deleteContent")}
          />
          Delete my discussions and replies
        </label>
        <Button
          type="submit"
          variant="destructive"
          className="w-fit"
          disabled={!typed || isSubmitting}
        >
          {isSubmitting ? "Deleting..." : "Delete my account"}
        </Button>
      </form>
    </MemberDataCard>
  );
}
