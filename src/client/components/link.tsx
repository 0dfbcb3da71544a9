// The app's links: a plain <a> whose ordinary click the app navigates (docs/decisions/039).
// React Router's <Link> resolved its path against the route tree and set up a navigate hook,
// a click handler and a prefetch effect for every link: about 10 µs each in the server's
// render and more while the browser hydrates, and a page of 50 replies or 20 cards has 120-150
// links. Every `to` here is an absolute path from lib/paths.ts, so there is nothing to resolve.
import type { ComponentProps, MouseEvent } from "react";
import { useLocation, useNavigate } from "@/client/lib/location";

type LinkProps = Omit<ComponentProps<"a">, "href"> & {
  /** A path on this site ("/discussion/…?reply=…"). */
  to: string;
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
};

type Click = Pick<
  MouseEvent,
  "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "defaultPrevented"
>;

/**
 * Whether the router opens this click's page (as routers' links decide): a plain left
 * click on a link to a path of this site, in this tab. New tabs and windows, downloads, other
 * sites and clicks a handler has taken are the browser's.
 */
export function routerFollows(click: Click, target: string | undefined, to: string): boolean {
  return (
    !click.defaultPrevented &&
    click.button === 0 &&
    !(click.metaKey || click.altKey || click.ctrlKey || click.shiftKey) &&
    (target === undefined || target === "_self") &&
    to.startsWith("/") &&
    !to.startsWith("//")
  );
}

export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!routerFollows(event, target, to)) return;
    event.preventDefault();
    // A link to the page already open replaces it, as routers' own links do: clicking it
    // again does not stack copies in the history.
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    navigate(to, { replace: replace ?? here === to });
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}

type NavLinkProps = Omit<LinkProps, "replace"> & {
  /** Current only on this very path, not on the paths below it. */
  end?: boolean;
};

/** Whether `pathname` is the page `to` opens (or, without `end`, a page below it). */
export function isCurrentPage(pathname: string, to: string, end = false): boolean {
  const path = pathname.toLowerCase();
  const target = to.toLowerCase();
  return path === target || (!end && path.startsWith(target) && path[target.length] === "/");
}

/** A navigation link: marked aria-current="page" on the page it opens. */
export function NavLink({ end, ...props }: NavLinkProps) {
  const { pathname } = useLocation();
  const current = isCurrentPage(pathname, props.to, end);
  return <Link aria-current={current ? "page" : undefined} {...props} />;
}
