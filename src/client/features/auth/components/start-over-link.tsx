import type { MouseEvent } from "react";
import { useFormAction } from "@/client/lib/page-forms";

/**
 * `Start over` on the sign-in's second step: a link to the page's empty sign-in form, so it
 * works without scripts (decision 061); with them, the form comes back in place.
 */
export function StartOverLink({ onStartOver }: { onStartOver: () => void }) {
  const action = useFormAction();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onStartOver();
  };
  return (
    <a
      href={action}
      onClick={onClick}
      className="w-fit whitespace-nowrap rounded-sm text-primary text-sm underline-offset-4 hover:underline"
    >
      Start over
    </a>
  );
}
