/** A link in the phone menu (mobile-menu.tsx and its member part). */
export const mobileMenuLinkClass =
  "flex items-center gap-3 rounded-md px-3 py-2.5 font-medium text-foreground transition-colors hover:bg-accent hover:text-accent-foreground aria-[current=page]:text-primary [&_svg]:size-4";
