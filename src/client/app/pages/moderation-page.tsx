import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { ModerationLog } from "@/client/features/moderation/components/moderation-log";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** /moderation: the public moderation log (docs/decisions/027). */
export function ModerationPage() {
  usePageTitle("Moderation");
  return (
    <PageContainer className="max-w-3xl">
      <PageHeading>Moderation</PageHeading>
      <p className="mt-3 text-muted-foreground">
        What our moderators hid, deleted or edited and whom they suspended, with the reason. We
        never show the hidden words or an edit's earlier text here, nor which moderator acted.
      </p>
      <div className="mt-8">
        <ModerationLog />
      </div>
    </PageContainer>
  );
}
