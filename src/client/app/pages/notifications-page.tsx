import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { NotificationList } from "@/client/features/notifications/components/notification-list";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** Behind <ProtectedRoute>: the member's notifications (docs/product.md §2.23). */
export function NotificationsPage() {
  usePageTitle("Notifications");
  return (
    <PageContainer className="grid max-w-3xl gap-6">
      <header className="grid gap-2">
        <PageHeading>Notifications</PageHeading>
        <p className="text-muted-foreground">
          Replies to you, mentions, and news about your discussions and your account.
        </p>
      </header>
      <NotificationList />
    </PageContainer>
  );
}
