import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { FounderProfile } from "@/client/features/home/components/founder-profile";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { paths } from "@/client/lib/paths";
import { CONTACT_REPLY_HOURS } from "@/shared/constants";

/** /team: who is behind the blog, and where the rest of the community is. */
export function TeamPage() {
  usePageTitle("Team");
  return (
    <PageContainer className="max-w-4xl">
      <PageHeading>Our Team</PageHeading>
      <p className="mt-3 max-w-2xl text-muted-foreground">
        A small blog with a big community. One person writes most of the posts; the members keep the
        discussions honest.
      </p>
      <div className="mt-10 rounded-xl border bg-card p-6 shadow-sm shadow-ink/5 sm:p-10">
        <FounderProfile />
      </div>
      <div className="mt-10 grid gap-6 sm:grid-cols-2">
        <div className="rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
          <h2 className="font-semibold text-xl">Moderators and authors</h2>
          <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
            Members who help write posts and keep the discussions civil. Find them, and everyone
            else, in the member directory.
          </p>
          <Link to={paths.members} className={`${buttonVariants({ variant: "outline" })} mt-4`}>
            Meet the members
          </Link>
        </div>
        <div className="rounded-xl border bg-card p-6 shadow-sm shadow-ink/5">
          <h2 className="font-semibold text-xl">Write for us</h2>
          <p className="mt-2 text-muted-foreground text-sm leading-relaxed">
            Got a rant, an observation or a story worth telling? Send it over: we reply within{" "}
            {CONTACT_REPLY_HOURS} hours.
          </p>
          <Link to={paths.contact} className={`${buttonVariants({ variant: "outline" })} mt-4`}>
            Get in touch
          </Link>
        </div>
      </div>
    </PageContainer>
  );
}
