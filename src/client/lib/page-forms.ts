// What a server-rendered page hands its public forms (docs/decisions/061): the spam-defence token
// issued with the page, and the outcome of the form post the page answers. The server's render
// and the browser's hydration read the same values, so both render the same form.
import { createContext, useContext } from "react";
import type { PostedForm, PublicForm } from "@/shared/public-forms";
import { useLocation } from "./location";

export type PageFormsSource = {
  /** The page's token; the server's render issues it on first use (and then never keeps the page). */
  token: () => string | null;
  posted: PostedForm | null;
};

export const PageFormsContext = createContext<PageFormsSource | null>(null);

/** The token that came with the page, or null (a page the browser rendered alone). */
export function usePageFormToken(): string | null {
  return useContext(PageFormsContext)?.token() ?? null;
}

/** The server's answer to a post of `form` that this page shows, or null. */
export function usePostedForm(form: PublicForm): PostedForm | null {
  const posted = useContext(PageFormsContext)?.posted ?? null;
  return posted?.form === form ? posted : null;
}

/**
 * Where a public form posts without scripts: its own page, query included (`?returnTo=`), and
 * the form's section (`#newsletter`) when it has one, so that the answer opens at the form.
 */
export function useFormAction(section?: string): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}${section ? `#${section}` : ""}`;
}

/** A post's message for the whole form: shown when no field carries it already. */
export function postedFormError(posted: PostedForm | null): string | null {
  if (!posted?.error || Object.keys(posted.fieldErrors).length > 0) return null;
  return posted.error;
}
