import { Download } from "lucide-react";
import { Link } from "@/client/components/link";
import { buttonVariants } from "@/client/components/ui/button-variants";
import { paths } from "@/client/lib/paths";
import { EXPORT_LINK_DAYS } from "@/shared/constants";

/**
 * Where the mailed "your data is ready" link lands. The download is the member's own only:
 * signed out, it asks to sign in first and comes back here.
 */
export function ExportDownloadPanel({ token, signedIn }: { token: string; signedIn: boolean }) {
  if (!token) {
    return (
      <p role="alert" className="text-muted-foreground text-sm">
        This link is incomplete. Please use the link from the email we sent you.
      </p>
    );
  }
  const here = `${paths.dataExport}?token=${encodeURIComponent(token)}`;
  if (!signedIn) {
    return (
      <div className="grid gap-4">
        <p className="text-muted-foreground text-sm">
          Sign in to the account the data belongs to, and the download starts from here.
        </p>
        <Link className={buttonVariants({ className: "w-fit" })} to={paths.authReturningTo(here)}>
          Sign In
        </Link>
      </div>
    );
  }
  return (
    <div className="grid gap-4">
      <p className="text-muted-foreground text-sm">
        One JSON file of everything we hold about you. The link works for {EXPORT_LINK_DAYS} days,
        and only for you.
      </p>
      {/* A plain link: the answer is the file itself, saved by the browser. */}
      <a
        className={buttonVariants({ className: "w-fit" })}
        href={`/api/account/export/download?token=${encodeURIComponent(token)}`}
        download
      >
        <Download aria-hidden="true" />
        Download my data
      </a>
      <p className="text-muted-foreground text-xs">
        If the download says the link is invalid or has expired, ask again from{" "}
        <Link to={paths.settings} className="underline underline-offset-4">
          your account settings
        </Link>
        .
      </p>
    </div>
  );
}
