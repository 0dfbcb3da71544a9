// A member's page whose main content another member's page already rendered (decision 095): the
// server renders the header and footer around a marker that stands where the page's content
// goes, and puts the content it kept in its place. The browser never sets it.
import { createContext, useContext } from "react";

/** On the server: the text the layout renders instead of the page's content, or null. */
export const SharedPageBody = createContext<string | null>(null);

export function useSharedPageBody(): string | null {
  return useContext(SharedPageBody);
}
