// The app's links: a plain <a> whose ordinary click the router handles (docs/decisions/039).
// React Router's <Link> resolves its path against the route tree and sets up a navigate hook,
// a click handler and a prefetch effect for every link: about 10 µs each in the server's
// render and more while the browser hydrates, and a page of 50 replies or 20 cards has 120-150
// links. Every `to` here is an absolute path from lib/paths.ts, so there is nothing to resolve.
import { type ComponentProps, type MouseEvent, useContext } from "react";
import { UNSAFE_NavigationContext as NavigationContext } from "react-router";

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
 * Whether the router opens this click's page (as React Router's links decide): a plain left
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
  const { navigator } = useContext(NavigationContext);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!routerFollows(event, target, to)) return;
    event.preventDefault();
    // A link to the page already open replaces it, as React Router's own links do: clicking it
    // again does not stack copies in the history.
    const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
    if (replace ?? here === to) navigator.replace(to);
    else navigator.push(to);
  };
  return <a {...rest} href={to} target={target} onClick={handleClick} />;
}
