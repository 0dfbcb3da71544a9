// Ten header designs for docs/product.md §2's design demo, each with the site's nav items. They are
// pictures of headers: plain <div>s, so the page keeps one banner landmark (the real header).
import { Menu, Search } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/client/components/link";
import { paths } from "@/client/lib/paths";

export const DEMO_NAV = [
  { to: paths.discussions, label: "Discussion" },
  { to: paths.members, label: "Members" },
  { to: paths.contact, label: "Contact" },
] as const;

function Nav({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    // A picture of navigation, not a landmark: ten "Demo navigation" landmarks would be ten
    // with one name (axe's landmark-unique), and the page's own navigation is the header's.
    <div className={className}>
      {DEMO_NAV.map((item) => (
        <Link key={item.to} to={item.to} className={linkClassName}>
          {item.label}
        </Link>
      ))}
    </div>
  );
}

const logo = "font-bold font-serif text-lg";
const pill = "rounded-md bg-primary px-3 py-1.5 font-medium text-primary-foreground text-sm";

export type HeaderDesign = {
  name: string;
  description: string;
  render: (siteName: string) => ReactNode;
};

export const HEADER_DESIGNS: HeaderDesign[] = [
  {
    name: "Classic",
    description: "Logo on the left, links and sign-in on the right.",
    render: (siteName) => (
      <div className="flex items-center gap-6 border-b bg-background px-5 py-4">
        <span className={`${logo} text-primary`}>{siteName}</span>
        <Nav className="ml-auto flex gap-5" linkClassName="text-sm hover:text-primary" />
        <span className={pill}>Sign In</span>
      </div>
    ),
  },
  {
    name: "Centred",
    description: "The name in the middle, links underneath.",
    render: (siteName) => (
      <div className="flex flex-col items-center gap-3 border-b bg-background px-5 py-5">
        <span className={`${logo} text-2xl`}>{siteName}</span>
        <Nav
          className="flex gap-6"
          linkClassName="text-muted-foreground text-xs uppercase tracking-widest hover:text-primary"
        />
      </div>
    ),
  },
  {
    name: "Ink",
    description: "Dark and quiet, for a serious mood.",
    render: (siteName) => (
      <div className="flex items-center gap-6 bg-ink px-5 py-4 text-ink-foreground">
        <span className={logo}>{siteName}</span>
        <Nav
          className="ml-auto flex gap-5"
          linkClassName="text-ink-muted text-sm hover:text-ink-foreground"
        />
      </div>
    ),
  },
  {
    name: "Pills",
    description: "Links grouped in a rounded segmented control.",
    render: (siteName) => (
      <div className="flex flex-wrap items-center gap-4 bg-background px-5 py-4">
        <span className={logo}>{siteName}</span>
        <Nav
          className="ml-auto flex rounded-full bg-muted p-1"
          linkClassName="rounded-full px-3 py-1 text-sm hover:bg-card hover:shadow-sm"
        />
      </div>
    ),
  },
  {
    name: "Underlined",
    description: "Links with an underline that grows on hover.",
    render: (siteName) => (
      <div className="flex items-center gap-6 border-b-2 border-ink bg-background px-5 py-4">
        <span className={`${logo} italic`}>{siteName}</span>
        <Nav
          className="ml-auto flex gap-5"
          linkClassName="border-transparent border-b-2 pb-0.5 text-sm hover:border-primary"
        />
      </div>
    ),
  },
  {
    name: "Accent bar",
    description: "A strip of colour along the top edge.",
    render: (siteName) => (
      <div className="border-primary border-t-4 bg-card px-5 py-4 shadow-sm">
        <div className="flex items-center gap-6">
          <span className={`${logo} text-primary`}>{siteName}</span>
          <Nav
            className="ml-auto flex gap-5"
            linkClassName="font-medium text-sm hover:text-primary"
          />
        </div>
      </div>
    ),
  },
  {
    name: "Split",
    description: "Links left, name centred, action right.",
    render: (siteName) => (
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-4 border-b bg-background px-5 py-4">
        <Nav className="flex gap-4" linkClassName="text-sm hover:text-primary" />
        <span className={logo}>{siteName}</span>
        <span className={`${pill} justify-self-end`}>Join</span>
      </div>
    ),
  },
  {
    name: "Floating",
    description: "A rounded bar that floats above the page.",
    render: (siteName) => (
      <div className="bg-secondary/60 p-4">
        <div className="flex items-center gap-6 rounded-full border bg-card px-5 py-3 shadow-lg shadow-ink/10">
          <span className={logo}>{siteName}</span>
          <Nav className="ml-auto flex gap-5" linkClassName="text-sm hover:text-primary" />
        </div>
      </div>
    ),
  },
  {
    name: "Minimal",
    description: "Menu button, name and search: nothing else competes.",
    render: (siteName) => (
      <div className="flex items-center gap-4 bg-background px-5 py-4">
        <Menu aria-hidden="true" className="size-5" />
        <span className={logo}>{siteName}</span>
        <Nav
          className="ml-auto flex gap-4"
          linkClassName="text-muted-foreground text-xs hover:text-foreground"
        />
        <Search aria-hidden="true" className="size-4 text-muted-foreground" />
      </div>
    ),
  },
  {
    name: "Bold",
    description: "The brand colour, loud and proud.",
    render: (siteName) => (
      <div className="flex items-center gap-6 bg-primary px-5 py-4 text-primary-foreground">
        <span className={`${logo} uppercase tracking-wide`}>{siteName}</span>
        <Nav
          className="ml-auto flex gap-5"
          linkClassName="font-semibold text-sm uppercase hover:underline"
        />
      </div>
    ),
  },
];
