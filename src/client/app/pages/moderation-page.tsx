import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { ModerationLog } from "@/client/features/moderation/components/moderation-log";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useLocation } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { can } from "@/shared/permissions";

/**
 * /moderation: the public moderation log (docs/decisions/027); `?member={id}` is one member's
 * history for staff, linked from the page's Moderate menu (docs/product.md §11.8).
 */
export function ModerationPage() {
  usePageTitle("Moderation");
  const { search } = useLocation();
  const { role } = useAuth();
  const member = new URLSearchParams(search).get("member");
  const memberId = member && can(role, "moderate") ? member : null;
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading>Moderation</PageHeading>
      {memberId ? (
        <p className="mt-3 text-muted-foreground">
          One member's history: what was hidden, deleted or edited of theirs and their suspensions.{" "}
          <Link to={paths.moderation} className="font-medium text-primary hover:underline">
            Show everyone
          </Link>
        </p>
      ) : (
        <p className="mt-3 text-muted-foreground">
          What our moderators hid, deleted or edited and whom they suspended, with the reason. We
          never show the hidden words or an edit's earlier text here, nor which moderator acted.
        </p>
      )}
      <div className="mt-8">
        <ModerationLog memberId={memberId} />
      </div>
    </PageContainer>
  );
}
