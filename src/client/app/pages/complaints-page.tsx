import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { ComplaintForm } from "@/client/features/complaints/components/complaint-form";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { useSearchParams } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";
import { COMPLAINT_KINDS, type ComplaintKind } from "@/shared/complaints";

const linkClass = "font-medium text-primary underline underline-offset-2";

/** /complaints: the complaints procedure, for anyone (docs/decisions/081). */
export function ComplaintsPage() {
  usePageTitle("Make a complaint");
  const { user } = useAuth();
  const [params] = useSearchParams();
  const asked = params.get("kind") ?? "";
  const kind = (COMPLAINT_KINDS as readonly string[]).includes(asked)
    ? (asked as ComplaintKind)
    : null;
  return (
    <PageContainer className="max-w-2xl">
      <PageHeading>Make a complaint</PageHeading>
      <div className="mt-3 flex flex-col gap-3 text-muted-foreground leading-relaxed">
        <p>
          Complain about content on the site, about a moderation decision, or about how we meet our
          online safety duties. You do not need an account. We email you to say we received it,
          someone on our team looks into it within 30 days, and we email you the outcome.
        </p>
        <p>
          If a moderator hid or deleted your post or suspended your account, you can appeal that
          decision from its notice in your{" "}
          <Link to={paths.notifications} className={linkClass}>
            notifications
          </Link>
          : an appeal is the quickest way to have it looked at again. To report a post that breaks
          the law or our rules, use the Report link on it. More on our{" "}
          <Link to={paths.onlineSafety} className={linkClass}>
            online safety page
          </Link>
          .
        </p>
      </div>
      <div className="mt-8 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-8">
        <ComplaintForm signedInEmail={user?.email ?? null} kind={kind} />
      </div>
    </PageContainer>
  );
}
