import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { hydratePage } from "./app/hydrate-page";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { createQueryClient } from "./lib/query-client";
import { SSR_DATA_ELEMENT_ID, type SsrData } from "./lib/ssr-data";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

const queryClient = createQueryClient();
const app = (
  <StrictMode>
    <AppProviders queryClient={queryClient}>
      <AppRouter />
    </AppProviders>
  </StrictMode>
);

/** The server's render (docs/decisions/025), or null when the page is the bare shell. */
function readSsrData(): SsrData | null {
  const text = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as SsrData) : null;
}

const ssr = readSsrData();
if (ssr) {
  void hydratePage(container, app, queryClient, ssr);
} else {
  createRoot(container).render(app);
}
