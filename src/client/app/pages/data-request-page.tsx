import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { DataRequestForm } from "@/client/features/data-request/components/data-request-form";
import { DataRequestInfo } from "@/client/features/data-request/components/data-request-info";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { paths } from "@/client/lib/paths";

export function DataRequestPage() {
  usePageTitle("Data request");
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading>Data Protection Request</PageHeading>
      <p className="mt-3 text-muted-foreground leading-relaxed">
        Use this form to exercise your rights under UK GDPR. Read the{" "}
        <Link to={paths.privacy} className="font-medium text-primary underline underline-offset-2">
          privacy policy
        </Link>{" "}
        for what each right means.
      </p>
      <div className="mt-8 grid gap-8">
        <div className="rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-8">
          <DataRequestForm />
        </div>
        <DataRequestInfo />
      </div>
    </PageContainer>
  );
}
