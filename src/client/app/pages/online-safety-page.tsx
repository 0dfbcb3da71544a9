import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { PublicOnlineSafety } from "@/client/features/online-safety/components/public-online-safety";
import { usePageTitle } from "@/client/hooks/use-page-title";

/** /online-safety: reporting, complaints, who is accountable and the figures (decision 080). */
export function OnlineSafetyPage() {
  usePageTitle("Online safety");
  return (
    <PageContainer className="max-w-4xl">
      <PageHeading>Online safety</PageHeading>
      <p className="mt-3 text-muted-foreground">
        How to tell us about harmful or illegal content, how to complain, who is accountable, and
        what our moderators did each month.
      </p>
      <PublicOnlineSafety />
    </PageContainer>
  );
}
