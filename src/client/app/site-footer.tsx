import { Link } from "@/client/components/link";
import { lazyComponent } from "@/client/lib/lazy-component";
import { paths } from "@/client/lib/paths";
import { useSuspension } from "@/client/lib/session/use-suspension";
import { useSiteName } from "@/client/lib/site-name";

// Only a suspended member sees it: its code downloads for them alone (the home page's budget,
// docs/decisions/007), before hydration when the server rendered it.
const SuspensionBanner = lazyComponent(
  () => import("@/client/features/moderation/components/suspension-banner"),
  "SuspensionBanner",
);

// docs/product.md §2's Blog, About and Legal columns, linked to the pages that exist; the
// placeholders with no page behind them (Categories, Archive, Write for Us, Disclaimer) are gone
// (docs/decisions/030).
const COLUMNS = [
  {
    title: "Blog",
    links: [
      { label: "Latest Posts", to: paths.blog },
      { label: "Discussions", to: paths.discussions },
    ],
  },
  {
    title: "About",
    links: [
      { label: "Our Story", to: paths.about },
      { label: "The Team", to: paths.team },
      { label: "Contact", to: paths.contact },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Terms of Service", to: paths.terms },
      { label: "Online Safety", to: paths.onlineSafety },
      { label: "Cookie Policy", to: `${paths.privacy}#cookies` },
      { label: "Moderation Log", to: paths.moderation },
    ],
  },
] as const;

const BOTTOM_LINKS = [
  { label: "Privacy Policy", to: paths.privacy },
  { label: "Data Request", to: paths.dataRequest },
] as const;

const linkClass = "rounded-sm text-ink-muted text-sm transition-colors hover:text-ink-foreground";

export function SiteFooter() {
  const siteName = useSiteName();
  const suspended = useSuspension() !== null;
  const year = new Date().getFullYear();
  return (
    <>
      {/* A suspended member's banner (docs/decisions/027), placed first in the page's column,
          above the header. */}
      {suspended ? <SuspensionBanner /> : null}
      <footer className="mt-auto bg-ink text-ink-foreground">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-5">
          <div className="lg:col-span-2">
            <p className="font-bold font-serif text-xl">{siteName}</p>
            <p className="mt-3 max-w-sm text-ink-muted text-sm leading-relaxed">
              Honest opinions, unfiltered rants and the occasional life observation. Pull up a chair
              and say what you really think.
            </p>
          </div>
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={`${column.title} links`}>
              <h2 className="font-sans font-semibold text-sm uppercase tracking-wider">
                {column.title}
              </h2>
              <ul className="mt-3 grid gap-2">
                {column.links.map(({ label, to }) => (
                  <li key={label}>
                    <Link to={to} className={linkClass}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
        <div className="border-ink-muted/30 border-t">
          <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 py-6 text-ink-muted text-sm sm:flex-row sm:items-center sm:justify-between">
            <p>
              © {year} {siteName}. All rights reserved.
            </p>
            <ul className="flex gap-4">
              {BOTTOM_LINKS.map(({ label, to }) => (
                <li key={label}>
                  <Link to={to} className={linkClass}>
                    {label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        </div>
      </footer>
    </>
  );
}
