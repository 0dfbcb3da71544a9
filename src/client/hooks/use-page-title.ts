import { useEffect } from "react";
import { TITLE_SEPARATOR, useSiteName } from "@/client/lib/site-name";

/** Keeps the document title on "{title} · {site name}" while the page is shown. */
export function usePageTitle(title?: string): void {
  const siteName = useSiteName();
  useEffect(() => {
    document.title = title ? `${title}${TITLE_SEPARATOR}${siteName}` : siteName;
  }, [title, siteName]);
}
