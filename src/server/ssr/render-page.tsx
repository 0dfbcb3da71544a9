// The public pages rendered on the server with the client's own components (docs/decisions/025):
// the page's data is loaded by the server's query functions (page-data.ts), the app renders in
// a fixed location with React's prerenderer (which waits for every lazy component and Suspense
// boundary), and the query cache, the lazy components rendered and the render's clock go into
// the page as JSON for the browser to hydrate with.
import { dehydrate, QueryClient } from "@tanstack/react-query";
import { prerenderToNodeStream } from "react-dom/static";
import { AppProviders } from "@/client/app/providers";
import { AppRoutes } from "@/client/app/router";
import { ApiError } from "@/client/lib/api-client";
import { RenderedLazyComponents } from "@/client/lib/lazy-component";
import { StaticLocation } from "@/client/lib/location";
import { PageFormsContext, type PageFormsSource } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { ServerRenderTime } from "@/client/lib/render-time";
import { sessionQueryKey } from "@/client/lib/session/get-session";
import { SharedPageBody } from "@/client/lib/shared-page-body";
import { SiteNameContext } from "@/client/lib/site-name";
import {
  SSR_DATA_ELEMENT_ID,
  type SsrData,
  type SsrQuery,
  type SsrQueryError,
} from "@/client/lib/ssr-data";
import { secondFactorMissing } from "@/server/auth/second-factor-guard";
import { getViewer } from "@/server/auth/viewer";
import type { AppDeps } from "@/server/context";
import { issueFormToken } from "@/server/domain/spam/form-token";
import { jsonScript } from "@/server/lib/json-script";
import type { PageRenderer } from "@/server/lib/spa";
import type { SessionResponse } from "@/shared/api-types";
import type { PostedForm } from "@/shared/public-forms";
import { loadPageData } from "./page-data";
import { type SharedBodies, sharedBodies, sharedBodyKey } from "./shared-page-body";
import { structuredData, structuredDataScripts } from "./structured-data";

// Pages for members, and the pages a mailed link with a token opens: they are the browser's to
// render (nothing in them is for crawlers, and each starts from the session or the token). The
// sign-up confirmation and password reset pages are rendered: their forms work without scripts
// (decision 061).
const BROWSER_ONLY = new Set<string>([
  paths.profileEdit,
  paths.settings,
  paths.confirmEmailChange,
  paths.notifications,
  paths.notificationsUnsubscribe,
  paths.digestUnsubscribe,
  paths.cms,
  paths.twoFactorReset,
]);

/** A render that takes longer than this is abandoned (the page is then sent as the plain shell). */
const RENDER_TIMEOUT_MS = 10_000;

/** The page's data, for the client to start from (lib/json-script.ts keeps it inside). */
function dataScript(data: SsrData): string {
  return jsonScript("application/json", data, SSR_DATA_ELEMENT_ID);
}

function toSsrError(error: unknown): SsrQueryError | null {
  return error instanceof ApiError
    ? { status: error.status, code: error.code, message: error.message }
    : null;
}

/** Whether every segment of the path decodes (`/discussion/%zz` does not). */
function decodable(path: string): boolean {
  try {
    for (const segment of path.split("/")) decodeURIComponent(segment);
    return true;
  } catch {
    return false;
  }
}

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : (chunk as Buffer));
  }
  return Buffer.concat(chunks).toString("utf8");
}

type RenderOptions = {
  deps: AppDeps;
  queryClient: QueryClient;
  location: string;
  forms: PageFormsSource;
  lazy: Set<string>;
  renderedAt: number;
  /** The marker to render instead of the page's content (decision 095), or null. */
  sharedBody: string | null;
};

/** The app's markup at `location`, from the filled query cache. */
async function renderApp(options: RenderOptions): Promise<string> {
  const { deps, queryClient, location, forms, lazy, renderedAt, sharedBody } = options;
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <SiteNameContext value={deps.env.siteName}>
      <ServerRenderTime value={renderedAt}>
        <RenderedLazyComponents value={lazy}>
          <PageFormsContext value={forms}>
            <SharedPageBody value={sharedBody}>
              <AppProviders queryClient={queryClient}>
                <StaticLocation location={location}>
                  <AppRoutes />
                </StaticLocation>
              </AppProviders>
            </SharedPageBody>
          </PageFormsContext>
        </RenderedLazyComponents>
      </ServerRenderTime>
    </SiteNameContext>,
    {
      // Every boundary inline, however large: an outlined one is revealed by an inline
      // script, which the CSP (script-src 'self') does not run.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      signal: AbortSignal.timeout(RENDER_TIMEOUT_MS),
      onError: (error) => {
        errors.push(error);
      },
    },
  );
  const markup = await readStream(prelude);
  // A component that threw would leave a part of the page to the browser: the page is not
  // what it should be, so the caller answers 500 with the plain shell.
  if (errors.length > 0) throw errors[0];
  return markup;
}

export function pageRenderer(deps: AppDeps, bodies: SharedBodies = sharedBodies()): PageRenderer {
  return async (c) => {
    const { pathname, search } = new URL(c.req.url);
    const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
    if (BROWSER_ONLY.has(path)) return null;
    // No route has such a path and no record such a name: not found, and the browser shows it.
    if (!decodable(path)) {
      return { markup: "", dataScript: "", structuredData: "", notFound: true, personal: false };
    }

    const viewer = await getViewer(c);
    // A member on the sign-in page is sent on by the page itself, which a static render cannot;
    // so is a visitor on a member's page rendered on the server (/bookmarks).
    if (viewer && path === paths.auth) return null;
    if (!viewer && path === paths.bookmarks) return null;
    // Staff without the second factor their role needs get no data (decision 060): the
    // browser's page sends them to set it up.
    if (viewer && (await secondFactorMissing(deps.db, viewer))) return null;
    // Never retried, never fetched on the server: the queries are filled before rendering.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: Infinity } },
    });
    const { notFound } = await loadPageData(
      queryClient,
      {
        db: deps.db,
        env: deps.env,
        viewer,
        readPositions: deps.readPositions,
        rateLimiter: deps.rateLimiter,
        clientIp: c.var.clientIp,
      },
      pathname,
      search,
    );

    // A public form on the page carries a token issued now, and a form post's page its
    // outcome (ssr/form-posts.ts): such a page is this visitor's only (decision 061).
    const posted: PostedForm | null = c.get("postedForm") ?? null;
    let formToken: string | null = null;
    const forms: PageFormsSource = {
      token: () => (formToken ??= issueFormToken(deps.secret)),
      posted,
    };

    const location = `${pathname}${search}`;
    // A plain member's page may take its content from another's render (decision 095).
    const sharedKey =
      viewer && posted === null
        ? sharedBodyKey(
            viewer,
            queryClient.getQueryData<SessionResponse>(sessionQueryKey),
            queryClient,
            location,
          )
        : null;
    const shared = sharedKey ? bodies.get(sharedKey) : undefined;

    const lazy = new Set<string>();
    const renderedAt = shared?.renderedAt ?? Date.now();
    const render = (sharedBody: string | null) =>
      renderApp({ deps, queryClient, location, forms, lazy, renderedAt, sharedBody });
    let markup: string;
    if (shared) {
      const spliced = bodies.splice(await render(bodies.marker), shared);
      // The header's render always has the marker; were it missing, the page is rendered whole.
      markup = spliced ?? (await render(null));
      if (spliced) for (const name of shared.lazy) lazy.add(name);
    } else {
      markup = await render(null);
      if (sharedKey && !notFound && formToken === null) {
        const session = queryClient.getQueryData<SessionResponse>(sessionQueryKey);
        if (session) bodies.keep(sharedKey, { session, markup, lazy: [...lazy], renderedAt });
      }
    }

    // Successes and the 404s of missing records; queries the page left loading stay out, and
    // so do those a component made from data it already had (`initialData`: each post's
    // reaction counts, from the discussion's or the thread's answer): the browser's render
    // makes them again from the same answer, so sending them would only add bytes to parse.
    const queries: SsrQuery[] = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) =>
        (query.state.status === "success" && query.state.dataUpdateCount > 0) ||
        query.state.status === "error",
    }).queries.map(({ queryKey, queryHash, state }) => {
      const error = toSsrError(state.error);
      return {
        queryKey,
        queryHash,
        state: { ...state, error: null, fetchFailureReason: null },
        ...(error ? { error } : {}),
      };
    });
    const carriesForm = formToken !== null || posted !== null;
    return {
      markup,
      dataScript: dataScript({
        queries,
        lazy: [...lazy],
        renderedAt,
        ...(carriesForm ? { forms: { token: formToken, posted } } : {}),
      }),
      structuredData: structuredDataScripts(
        structuredData(
          queryClient,
          { name: deps.env.siteName, url: deps.env.siteUrl },
          pathname,
          search,
        ),
      ),
      notFound,
      // A member's page has their session; a mailed link's page (?token=) shows its address; a
      // form's page carries a token of its own and maybe what the visitor sent (decision 061).
      // A form's token names no one, so a page that only carries one is shared; a form post's
      // outcome is that person's (docs/decisions/061).
      personal: viewer !== null || new URLSearchParams(search).has("token") || posted !== null,
    };
  };
}
