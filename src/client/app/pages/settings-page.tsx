import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { EmailSection } from "@/client/features/account/components/email-section";
import { PasskeysSection } from "@/client/features/account/components/passkeys-section";
import { PasswordSection } from "@/client/features/account/components/password-section";
import { SessionsSection } from "@/client/features/account/components/sessions-section";
import { TwoFactorSection } from "@/client/features/account/components/two-factor-section";
import { DigestSettingsSection } from "@/client/features/digest/components/digest-settings-section";
import { DeleteAccountSection } from "@/client/features/member-data/components/delete-account-section";
import { DownloadDataSection } from "@/client/features/member-data/components/download-data-section";
import { NewsletterSettingsSection } from "@/client/features/newsletter/components/newsletter-settings-section";
import { NotificationSettingsSection } from "@/client/features/notifications/components/notification-settings-section";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { useSecondFactorRequired } from "@/client/lib/session/use-second-factor-required";

/** Behind <ProtectedRoute>: a signed-in member is guaranteed here. */
export function SettingsPage() {
  usePageTitle("Account settings");
  const { user } = useAuth();
  const setUpFirst = useSecondFactorRequired();
  if (!user) return null;
  // Staff without the second factor their role needs: the rest is refused them (decision 060).
  if (setUpFirst) {
    return (
      <PageContainer className="grid max-w-3xl gap-6">
        <header className="grid gap-2">
          <PageHeading>Account settings</PageHeading>
          <p className="text-muted-foreground">
            Your role needs two-factor authentication. Set up an authenticator app or add a passkey
            here to continue.
          </p>
        </header>
        <TwoFactorSection email={user.email} />
        <PasskeysSection email={user.email} />
      </PageContainer>
    );
  }

  return (
    <PageContainer className="grid max-w-3xl gap-6">
      <header className="grid gap-2">
        <PageHeading>Account settings</PageHeading>
        <p className="text-muted-foreground">
          Your password, email address, where you're signed in, and your data. To change what other
          members see about you,{" "}
          <Link
            to={paths.profileEdit}
            className="rounded-sm text-primary underline underline-offset-4"
          >
            edit your profile
          </Link>
          .
        </p>
      </header>
      <PasswordSection email={user.email} />
      <TwoFactorSection email={user.email} />
      <PasskeysSection email={user.email} />
      <EmailSection email={user.email} />
      <SessionsSection />
      <NotificationSettingsSection />
      <DigestSettingsSection />
      <NewsletterSettingsSection />
      <DownloadDataSection />
      <DeleteAccountSection email={user.email} />
    </PageContainer>
  );
}
