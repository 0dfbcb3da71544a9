import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { VisitorReportForm } from "@/client/features/moderation/components/visitor-report-form";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { VISITOR_REPORT_TARGETS, type VisitorReportTarget } from "@/shared/moderation";

/** /report?kind=discussion&id=...: reporting a post without an account (docs/decisions/079). */
export function ReportPage() {
  usePageTitle("Report content");
  const [params] = useSearchParams();
  const kind = params.get("kind") ?? "";
  const id = params.get("id")?.trim() ?? "";
  const known = (VISITOR_REPORT_TARGETS as readonly string[]).includes(kind) && id !== "";
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading>Report content</PageHeading>
      <p className="mt-3 text-muted-foreground leading-relaxed">
        Tell the moderators about a {kind === "reply" ? "reply" : "discussion"} that breaks the law
        or the site's rules. You do not need an account. We send you an email to confirm your
        address, and tell you the outcome. The member is not told who reported it.
      </p>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-8">
        {known ? (
          <VisitorReportForm targetKind={kind as VisitorReportTarget} targetId={id} />
        ) : (
          <p role="alert" className="text-muted-foreground text-sm">
            Use the Report link on the discussion or reply you want to report.
          </p>
        )}
      </div>
      <p className="mt-6 text-muted-foreground text-sm leading-relaxed">
        To complain about a moderation decision, or about how we meet our online safety duties, use
        the{" "}
        <Link
          to={paths.complaints}
          className="font-medium text-primary underline underline-offset-2"
        >
          complaints form
        </Link>
        .
      </p>
    </PageContainer>
  );
}
