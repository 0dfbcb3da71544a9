import { CenteredCard } from "@/client/components/centered-card";
import { ForgotPasswordForm } from "@/client/features/account/components/forgot-password-form";
import { usePageTitle } from "@/client/hooks/use-page-title";

export function ForgotPasswordPage() {
  usePageTitle("Forgot password");
  return (
    <CenteredCard
      title="Forgot your password?"
      description="Enter the email address you sign in with and we'll send you a link to choose a new password."
    >
      <ForgotPasswordForm />
    </CenteredCard>
  );
}
