import { type DehydratedState, hydrate } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProviders } from "./app/providers";
import { AppRouter } from "./app/router";
import { ApiError } from "./lib/api-client";
import { preloadLazyComponents } from "./lib/lazy-component";
import { createQueryClient } from "./lib/query-client";
import { startHydration } from "./lib/render-time";
import { SSR_DATA_ELEMENT_ID, type SsrData, type SsrQueryError } from "./lib/ssr-data";
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

/**
 * Failed queries (a missing record: the page says so) come as plain objects; the components
 * check for an ApiError. They are not fetched again as the page mounts, so the first render
 * shows what the server's did.
 */
function reviveErrors(state: DehydratedState): DehydratedState {
  for (const query of state.queries) {
    const error = query.state.error as SsrQueryError | null;
    if (!error) continue;
    query.state.error = new ApiError(error.status, error.code, error.message);
    queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  return state;
}

const ssr = readSsrData();
if (ssr) {
  hydrate(queryClient, reviveErrors(ssr.queries));
  startHydration(ssr.renderedAt);
  // The first render must be the server's: every lazy component it rendered is loaded first.
  preloadLazyComponents(ssr.lazy).then(
    () => hydrateRoot(container, app),
    () => createRoot(container).render(app),
  );
} else {
  createRoot(container).render(app);
}
