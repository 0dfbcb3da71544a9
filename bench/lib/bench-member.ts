// Members signed in on a running server, for the load runs' signed-in requests. `signedInCookie`
// makes a new one: signed up through the API, verified in the database (as the confirmation
// link would), signed in through the API. `benchReaderCookie` signs in one of the two readers
// that bench/reading-data.ts made (issue 42). Each returns the Cookie header a browser would send.
import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";

/** The two readers of bench/reading-data.ts: one with 10,000 read positions, one with none. */
export const BENCH_READERS = {
  positions: "bench-reader-positions@example.com",
  none: "bench-reader-none@example.com",
} as const;
export type BenchReader = keyof typeof BENCH_READERS;
export const BENCH_READER_PASSWORD = "bench reader password";

/** A request to the app: over HTTP (`fetch`) or in-process (Hono's `app.request`). */
type Send = (path: string, init: RequestInit) => Response | Promise<Response>;

/** Signs in through better-auth's email route; the Cookie header of the session it sets. */
export async function signInCookie(
  send: Send,
  siteOrigin: string,
  email: string,
  password: string,
): Promise<string> {
  const response = await postAuth(send, siteOrigin, "sign-in/email", { email, password });
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("sign-in set no cookie");
  return cookie;
}

async function postAuth(send: Send, siteOrigin: string, route: string, body: unknown) {
  const response = await send(`/api/auth/${route}`, {
    method: "POST",
    // better-auth wants the site's own origin (SITE_URL's: localhost, the default, on the
    // server's port), as a browser on the site sends it.
    headers: { "content-type": "application/json", origin: siteOrigin },
    body: JSON.stringify(body),
  });
  if (!response.ok)
    throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
  return response;
}

const overHttp =
  (appUrl: string): Send =>
  (path, init) =>
    fetch(`${appUrl}${path}`, init);
const originOf = (appUrl: string) => `http://localhost:${new URL(appUrl).port}`;

export async function signedInCookie(appUrl: string, databaseUrl: string): Promise<string> {
  const email = `load-${randomBytes(4).toString("hex")}@bench.test`;
  const password = "bench load password";
  await postAuth(overHttp(appUrl), originOf(appUrl), "sign-up/email", {
    name: "Load Reader",
    email,
    password,
  });
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query(
      `update "user" set email_verified = true where email = $1`,
      [email],
    );
    if (rowCount !== 1) throw new Error(`the account ${email} is missing`);
    // Sign-up takes no password (decision 061): the one the confirmation page would set.
    await client.query(
      `update account set password = $1
       where provider_id = 'credential' and user_id = (select id from "user" where email = $2)`,
      [await hashPassword(password), email],
    );
  } finally {
    await client.end();
  }
  return signInCookie(overHttp(appUrl), originOf(appUrl), email, password);
}

/** One of bench/reading-data.ts's readers, signed in on the server at `appUrl`. */
export function benchReaderCookie(appUrl: string, reader: BenchReader): Promise<string> {
  return signInCookie(
    overHttp(appUrl),
    originOf(appUrl),
    BENCH_READERS[reader],
    BENCH_READER_PASSWORD,
  );
}
