import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import { useChangePassword } from "@/client/features/account/api/change-password";
import { errorMessage } from "@/client/lib/api-client";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { LIMITS } from "@/shared/constants";
import { type ChangePasswordInput, changePasswordSchema } from "@/shared/schemas";
import { SettingsSection } from "./settings-section";

const FIELDS = ["currentPassword", "newPassword"] as const;

/** Change password: the current one is required; every other session ends. */
export function PasswordSection({ email }: { email: string }) {
  const changePassword = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    defaultValues: { currentPassword: "", newPassword: "" },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await changePassword.mutateAsync(values);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, FIELDS)) toast.error(errorMessage(error));
      return;
    }
    reset();
    toast.success("Password changed", {
      description: "You're still signed in here. Your other sessions have been signed out.",
    });
  });

  return (
    <SettingsSection
      id="settings-password"
      title="Password"
      description="Changing your password signs you out on every other device."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
        {/* For password managers: which account this password belongs to. */}
        <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
        <TextField
          id="settings-current-password"
          label="Current password"
          type="password"
          autoComplete="current-password"
          error={errors.currentPassword?.message}
          {...register("currentPassword")}
        />
        <TextField
          id="settings-new-password"
          label="New password"
          type="password"
          autoComplete="new-password"
          hint={`At least ${LIMITS.passwordMin} characters.`}
          error={errors.newPassword?.message}
          {...register("newPassword")}
        />
        <Button type="submit" className="w-fit" disabled={isSubmitting}>
          {isSubmitting ? "Changing password..." : "Change password"}
        </Button>
      </form>
    </SettingsSection>
  );
}
