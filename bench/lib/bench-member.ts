// A member signed in on a running server, for the load run's signed-in pages: signed up through
// the API, verified in the database (as the confirmation link would), signed in through the API.
// Returns the Cookie header a browser would send.
import { randomBytes } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import pg from "pg";

export async function signedInCookie(appUrl: string, databaseUrl: string): Promise<string> {
  const siteOrigin = `http://localhost:${new URL(appUrl).port}`;
  const email = `load-${randomBytes(4).toString("hex")}@bench.test`;
  const password = "bench load password";
  const post = async (route: string, body: unknown) => {
    const response = await fetch(`${appUrl}/api/auth/${route}`, {
      method: "POST",
      // better-auth wants the site's own origin (SITE_URL's: localhost, the default, on the
      // server's port), as a browser on the site sends it.
      headers: { "content-type": "application/json", origin: siteOrigin },
      body: JSON.stringify(body),
    });
    if (!response.ok)
      throw new Error(`${route} answered ${response.status}: ${await response.text()}`);
    return response;
  };
  await post("sign-up/email", { name: "Load Reader", email, password });
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
  const signIn = await post("sign-in/email", { email, password });
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
  if (!cookie) throw new Error("sign-in set no cookie");
  return cookie;
}
