import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { hydratePage } from "./app/hydrate-page";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { PageFormsContext } from "./lib/page-forms";
import { createQueryClient } from "./lib/query-client";
import { SSR_DATA_ELEMENT_ID, type SsrData } from "./lib/ssr-data";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element to render into.");

/** The server's render (docs/decisions/025), or null when the page is the bare shell. */
function readSsrData(): SsrData | null {
  const text = document.getElementById(SSR_DATA_ELEMENT_ID)?.textContent;
  return text ? (JSON.parse(text) as SsrData) : null;
}

const ssr = readSsrData();
const queryClient = createQueryClient();
// The forms hydrate with the token and the post outcome the server rendered (decision 061).
const forms = ssr?.forms;
const app = (
  <StrictMode>
    <PageFormsContext value={forms ? { token: () => forms.token, posted: forms.posted } : null}>
      <AppProviders queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </PageFormsContext>
  </StrictMode>
);

if (ssr) {
  void hydratePage(container, app, queryClient, ssr);
} else {
  createRoot(container).render(app);
}
