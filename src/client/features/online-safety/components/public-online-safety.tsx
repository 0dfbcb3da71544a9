// The public /online-safety page's body (issue 47, docs/decisions/080): how to report, how to
// complain, who is accountable and the monthly figures.
import type { ReactNode } from "react";
import { Link } from "@/client/components/link";
import { paths } from "@/client/lib/paths";
import { isQuietMonth } from "@/shared/online-safety-page";
import { useOnlineSafetyPublic } from "../api/get-online-safety-public";
import { MonthFigures, monthName } from "./monthly-figures";

const linkClass = "font-medium text-primary underline underline-offset-2";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-10 flex flex-col gap-3 leading-relaxed">
      <h2 id={id} className="font-semibold font-serif text-2xl">
        {title}
      </h2>
      {children}
    </section>
  );
}

function Mail({ address }: { address: string }) {
  return (
    <a href={`mailto:${address}`} className={`${linkClass} break-all`}>
      {address}
    </a>
  );
}

export function PublicOnlineSafety() {
  const page = useOnlineSafetyPublic();
  if (page.isPending) return <p className="text-muted-foreground text-sm">Loading...</p>;
  if (page.isError) return <p className="text-sm">This page could not be loaded.</p>;
  const { accountable, months } = page.data;
  const busy = months.filter((month) => !isQuietMonth(month));
  const quiet = months.filter(isQuietMonth);
  const contact = (
    <Link to={paths.contact} className={linkClass}>
      contact form
    </Link>
  );
  return (
    <>
      <Section id="reporting" title="Reporting content">
        <p>
          Anyone can report a discussion or a reply with its Report link, choosing a reason: spam,
          harassment or hate, illegal content (and which kind), or other. Members can report a
          profile or a tag too. Every report goes to our moderators' queue at once, and reports of
          illegal content are looked at first.
        </p>
        <p>
          Without an account you give an email address: we send you an acknowledgement with a link
          to confirm the address, and later the outcome. For anything without a Report link, write
          through our {contact}
          {accountable ? (
            <>
              {" "}
              or to <Mail address={accountable.contactEmail} />
            </>
          ) : null}
          , saying which page it is and what is wrong with it.
        </p>
      </Section>

      <Section id="complaints" title="Complaints">
        <p>
          If a moderator hid or deleted your post or suspended your account, you are told what was
          done and why, and you can appeal the decision once, from that notice in your{" "}
          <Link to={paths.notifications} className={linkClass}>
            notifications
          </Link>
          . You are told the outcome.
        </p>
        <p>
          For any other complaint (about content, about a moderation decision, or about how we meet
          our online safety duties), use our{" "}
          <Link to={paths.complaints} className={linkClass}>
            complaints form
          </Link>
          . You do not need an account. Each complaint is tracked by our team and answered within 30
          days, and we email you the outcome. You can also write to us through our {contact}
          {accountable ? (
            <>
              {" "}
              or to <Mail address={accountable.contactEmail} />
            </>
          ) : null}
          .
        </p>
      </Section>

      <Section id="accountable" title="Who is accountable">
        {accountable ? (
          <p>
            Our <strong>{accountable.role}</strong> is accountable for how this site meets its
            online safety duties. You can write to them at{" "}
            <Mail address={accountable.contactEmail} />.
          </p>
        ) : (
          <p>This site has not named an accountable role for online safety yet.</p>
        )}
      </Section>

      <Section id="figures" title="Monthly figures">
        <p>
          What was reported and what our moderators did in each of the last {months.length} complete
          months (UTC). A count under 5 is shown as "fewer than 5", so that nobody can be picked out
          from a handful of reports or appeals; for the same reason there are no totals, and the
          median time is shown only when at least 5 reports were closed that month. Each hide,
          delete, edit and suspension is also listed, with its reason, in the{" "}
          <Link to={paths.moderation} className={linkClass}>
            public moderation log
          </Link>
          .
        </p>
        {busy.length > 0 ? (
          <div className="mt-2 grid gap-8 md:grid-cols-2">
            {busy.map((month) => (
              <MonthFigures key={month.month} month={month} />
            ))}
          </div>
        ) : null}
        {quiet.length > 0 ? (
          <p>
            In {new Intl.ListFormat("en-GB").format(quiet.map((month) => monthName(month.month)))}{" "}
            every count was fewer than 5.
          </p>
        ) : null}
      </Section>
    </>
  );
}
