import { useEffect } from "react";
import { siteName, TITLE_SEPARATOR } from "@/client/lib/site-name";

/** Keeps the document title on "{title} · {site name}" while the page is shown. */
export function usePageTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title}${TITLE_SEPARATOR}${siteName}` : siteName;
  }, [title]);
}
