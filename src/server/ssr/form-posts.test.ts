// The public forms sent as plain HTML forms (docs/decisions/061): each answers with its page and
// the outcome the JSON route gave, through that route's own rules (limits, origin, spam).
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "@/server/app";
import { queryRows } from "@/server/db/client";
import { builtClient, TEST_SHELL } from "@/server/test/built-client";
import { insertDiscussionRow } from "@/server/test/discussions";
import { createMember, mailedToken, totpCode, uniqueEmail } from "@/server/test/factories";
import {
  CLIENT_IP_TEST_HEADER,
  createTestApp,
  TEST_SITE_URL,
  type TestApp,
} from "@/server/test/test-app";
import { TestAuthenticator } from "@/server/test/webauthn";

let t: TestApp;
let app: ReturnType<typeof createApp>;
let address = 0;

beforeAll(async () => {
  t = await createTestApp();
  app = createApp(t.deps, { staticFiles: builtClient(TEST_SHELL) });
});
afterAll(async () => {
  await t.close();
});

/** A new documentation-range address per test: the per-address limits start afresh. */
function newIp(): string {
  address += 1;
  return `198.51.100.${address}`;
}

type Post = {
  ip?: string;
  origin?: string;
  cookie?: string;
  target?: ReturnType<typeof createApp>;
};

/** A browser's plain form post to `path`. */
function postForm(path: string, fields: Record<string, string>, options: Post = {}) {
  return (options.target ?? app).request(new URL(path, TEST_SITE_URL).href, {
    method: "POST",
    body: new URLSearchParams(fields).toString(),
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      origin: options.origin ?? TEST_SITE_URL,
      [CLIENT_IP_TEST_HEADER]: options.ip ?? newIp(),
      ...(options.cookie ? { cookie: options.cookie } : {}),
    },
  });
}

/** The page's text as a reader sees it (React writes ' and " as entities). */
async function pageText(response: Response): Promise<string> {
  return (await response.text())
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&");
}

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await queryRows<{ n: number }>(t.db, query);
  return Number(row?.n ?? 0);
}

describe("sign in", () => {
  it("signs in with the session cookie and goes on to ?returnTo= (a path here only)", async () => {
    const member = await createMember(t);
    const fields = { intent: "sign-in", email: member.email, password: member.password };
    const response = await postForm("/auth?returnTo=/discussion", fields);
    expect(response.status).toBe(303);
    expect(response.headers.get("location")).toBe("/discussion");
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.getSetCookie().join("\n")).toMatch(/session_token=[^;]+/);

    const elsewhere = await postForm("/auth?returnTo=//evil.example", fields);
    expect(elsewhere.headers.get("location")).toBe("/");
  });

  it("comes back with the route's message, the address kept and the password never", async () => {
    const member = await createMember(t);
    const response = await postForm("/auth", {
      intent: "sign-in",
      email: member.email,
      password: "a wrong password 123",
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("cache-control")).toBe("private, no-store");
    expect(response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    const html = await pageText(response);
    expect(html).toContain("Invalid email or password");
    expect(html).toContain(`value="${member.email}"`);
    expect(html).not.toContain("a wrong password 123");
  });

  it("refuses another site's sign-in form (login CSRF): no session", async () => {
    const member = await createMember(t);
    const response = await postForm(
      "/auth",
      { intent: "sign-in", email: member.email, password: member.password },
      { origin: "https://evil.example" },
    );
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
  });

  it("meets the sign-in delay after repeated failures (decision 051)", async () => {
    const member = await createMember(t);
    const ip = newIp();
    const wrong = { intent: "sign-in", email: member.email, password: "not the password" };
    for (let failure = 0; failure < 5; failure += 1) {
      expect((await postForm("/auth", wrong, { ip })).status).toBe(401);
    }
    const delayed = await postForm("/auth", wrong, { ip });
    expect(delayed.status).toBe(429);
    expect(delayed.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await pageText(delayed)).toContain("Too many attempts");
  });

  it("shows the inline messages of docs/product.md §5", async () => {
    const response = await postForm("/auth", { intent: "sign-in", email: "nope", password: "" });
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain("Password is required");
  });
});

/** The cookies a response sets, as the browser would send them back. */
function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(";")[0])
    .join("; ");
}

describe("sign in with a second factor (decision 060)", () => {
  it("asks for the code on the page, then signs in with it; a wrong code comes back", async () => {
    const member = await createMember(t, { secondFactor: true });
    const ip = newIp();
    const first = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "sign-in", email: member.email, password: member.password },
      { ip },
    );
    expect(first.status).toBe(200);
    expect(first.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    const pending = cookiesOf(first);
    const page = await pageText(first);
    expect(page).toContain("Enter the 6-digit code from your authenticator app.");
    expect(page).toContain('value="second-step"');

    const wrong = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "second-step", kind: "app", code: "000000" },
      { ip, cookie: pending },
    );
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    expect(await pageText(wrong)).toContain("Enter the 6-digit code from your authenticator app.");

    const code = await totpCode(member.totpSecret ?? "");
    const signedIn = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "second-step", kind: "app", code },
      { ip, cookie: pending },
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/discussion");
    expect(signedIn.headers.getSetCookie().join("\n")).toMatch(/session_token=[^;]+/);
  });

  it("takes a recovery code instead, and starts over when no sign-in is pending", async () => {
    const member = await createMember(t, { secondFactor: true });
    const ip = newIp();
    const first = await postForm(
      "/auth",
      { intent: "sign-in", email: member.email, password: member.password },
      { ip },
    );
    const recovery = await postForm(
      "/auth",
      { intent: "second-step", kind: "recovery", code: member.recoveryCodes[0] ?? "" },
      { ip, cookie: cookiesOf(first) },
    );
    expect(recovery.status).toBe(303);
    expect(recovery.headers.getSetCookie().join("\n")).toMatch(/session_token=[^;]+/);

    const nothingPending = await postForm(
      "/auth",
      { intent: "second-step", kind: "app", code: "123456" },
      { ip },
    );
    expect(nothingPending.status).toBeGreaterThanOrEqual(400);
    expect(nothingPending.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    // The sign-in form again, with the route's message.
    expect(await pageText(nothingPending)).toContain('value="sign-in"');
  });
});

/** The kind the second step's switch button asks for: a submit button of the form. */
function switchButtonValue(page: string): string | undefined {
  const button = page.match(/<button[^>]*name="switchTo"[^>]*>/)?.[0] ?? "";
  expect(button).toContain('type="submit"');
  return button.match(/value="([^"]*)"/)?.[1];
}

describe("the second step's switch without scripts (decision 063's amendment)", () => {
  it("asks for a recovery code, signs in with one, and switches back; nothing is sent", async () => {
    const member = await createMember(t, { secondFactor: true });
    const ip = newIp();
    const first = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "sign-in", email: member.email, password: member.password },
      { ip },
    );
    const pending = cookiesOf(first);
    const firstPage = await pageText(first);
    expect(switchButtonValue(firstPage)).toBe("recovery");
    expect(firstPage).toContain("Use a recovery code instead");

    const switched = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "second-step", kind: "app", code: "", switchTo: "recovery" },
      { ip, cookie: pending },
    );
    expect(switched.status).toBe(200);
    expect(switched.headers.get("cache-control")).toBe("private, no-store");
    expect(switched.headers.getSetCookie()).toEqual([]);
    const recoveryPage = await pageText(switched);
    expect(recoveryPage).toContain("Enter one of the recovery codes you saved.");
    expect(recoveryPage).toContain('name="kind" value="recovery"');
    expect(switchButtonValue(recoveryPage)).toBe("app");
    expect(recoveryPage).toContain("Use your authenticator app instead");
    // No code was tried: the empty field was not sent to a route, so no message for it.
    expect(recoveryPage).not.toContain("Enter the code");

    const back = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "second-step", kind: "recovery", code: "", switchTo: "app" },
      { ip, cookie: pending },
    );
    const appPage = await pageText(back);
    expect(appPage).toContain("Enter the 6-digit code from your authenticator app.");
    expect(appPage).toContain('name="kind" value="app"');

    const signedIn = await postForm(
      "/auth?returnTo=/discussion",
      { intent: "second-step", kind: "recovery", code: member.recoveryCodes[0] ?? "" },
      { ip, cookie: pending },
    );
    expect(signedIn.status).toBe(303);
    expect(signedIn.headers.get("location")).toBe("/discussion");
    expect(signedIn.headers.getSetCookie().join("\n")).toMatch(/session_token=[^;]+/);
  });

  it("sends the code as usual when the switch names no kind it knows", async () => {
    const member = await createMember(t, { secondFactor: true });
    const ip = newIp();
    const first = await postForm(
      "/auth",
      { intent: "sign-in", email: member.email, password: member.password },
      { ip },
    );
    const strange = await postForm(
      "/auth",
      { intent: "second-step", kind: "app", code: "000000", switchTo: "sms" },
      { ip, cookie: cookiesOf(first) },
    );
    expect(strange.status).toBe(401);
    expect(await pageText(strange)).toContain("That code is not right.");
  });
});

describe("sign in with a passkey as the only factor (decision 063)", () => {
  it("asks for the passkey on the page: the password alone is no session and no redirect", async () => {
    const member = await createMember(t, { secondFactor: false });
    const options = await (
      await member.client.post("/api/auth/passkeys/registration-options")
    ).json();
    const response = new TestAuthenticator(t.env.siteUrl).register(options);
    const added = await member.client.post("/api/auth/passkeys", { name: "My laptop", response });
    expect(added.status).toBe(201);

    const answer = await postForm("/auth?returnTo=/discussion", {
      intent: "sign-in",
      email: member.email,
      password: member.password,
    });
    expect(answer.status).toBe(200);
    expect(answer.headers.getSetCookie().join()).not.toMatch(/session_token=[^;]/);
    const page = await pageText(answer);
    expect(page).toContain("Use your passkey");
    // Without scripts the passkey cannot be used: the page says so, and how to go on.
    expect(page).toContain(
      "Passkeys need JavaScript in this browser: turn it on and sign in again, or sign in on a device where it is on. If you have lost your passkey, ask the site's administrators to reset your two-factor authentication.",
    );
    expect(page).toMatch(/<div class="contents no-js:hidden"><button[^>]*>Sign in with a passkey/);
    expect(page).toMatch(/<a href="\/auth\?returnTo=\/discussion"[^>]*>Start over<\/a>/);
  });

  it("offers the passkey button only with scripts, and says so without them", async () => {
    const page = await pageText(await app.request(new URL("/auth", TEST_SITE_URL).href));
    expect(page).toMatch(/<div class="contents no-js:hidden">.*Sign in with a passkey/);
    expect(page).toMatch(
      /<p class="(?=[^"]*\bhidden\b)(?=[^"]*\bno-js:block\b)[^"]*">Passkeys need JavaScript in this browser.<\/p>/,
    );
  });
});

describe("sign up", () => {
  it("makes the account and shows the Sign Up tab's next step; no password asked", async () => {
    const email = uniqueEmail("plain-up");
    const response = await postForm("/auth", { intent: "sign-up", name: "Plain Poster", email });
    expect(response.status).toBe(200);
    const html = await pageText(response);
    expect(html).toContain(`We've sent a confirmation link to`);
    expect(html).toContain(email);
    expect(await count(sql`select count(*) as n from "user" where email = ${email}`)).toBe(1);
    expect(await t.mailbox.latestLink(email)).toContain("/auth/confirm?token=");
  });

  it("ignores a password an older page still sends", async () => {
    const email = uniqueEmail("old-page");
    const response = await postForm("/auth", {
      intent: "sign-up",
      name: "Old Page",
      email,
      password: "typed at sign-up",
    });
    expect(response.status).toBe(200);
    expect(await count(sql`select count(*) as n from "user" where email = ${email}`)).toBe(1);
  });

  it("comes back on its tab with the field's message and the name kept", async () => {
    const response = await postForm("/auth", { intent: "sign-up", name: "Kept Name", email: "x" });
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain("Please enter a valid email address");
    expect(html).toContain('value="Kept Name"');
  });
});

describe("the confirmation link's page", () => {
  it("shows whose account it finishes, sets the password and signs in; a used link says so", async () => {
    const email = uniqueEmail("confirm-plain");
    await postForm("/auth", { intent: "sign-up", name: "Typed Name", email });
    const token = await mailedToken(t, email, "/auth/confirm");
    const page = `/auth/confirm?token=${token}`;
    const shown = await app.request(page);
    expect(shown.headers.get("cache-control")).toBe("private, no-store");
    const html = await pageText(shown);
    expect(html).toContain(email);
    expect(html).toContain('value="Typed Name"');

    const short = await postForm(page, {
      intent: "confirm-email",
      token,
      name: "Owner Name",
      password: "short",
    });
    expect(short.status).toBe(400);
    const refused = await pageText(short);
    expect(refused).toContain("Password must be at least 8 characters");
    expect(refused).toContain('value="Owner Name"');

    const confirmed = await postForm(page, {
      intent: "confirm-email",
      token,
      name: "Owner Name",
      password: "the chosen password",
      termsVersion: "1",
    });
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get("location")).toBe("/");
    expect(confirmed.headers.getSetCookie().join("\n")).toMatch(/session_token=[^;]+/);

    const used = await app.request(page);
    expect(await pageText(used)).toContain("This link is invalid or has expired");
  });
});

describe("forgot password", () => {
  it("says the same whatever the address, and refuses a malformed one", async () => {
    const sent = await postForm("/auth/forgot-password", {
      intent: "forgot-password",
      email: uniqueEmail("nobody"),
    });
    expect(sent.status).toBe(200);
    expect(await pageText(sent)).toContain("If an account exists for that address");

    const refused = await postForm("/auth/forgot-password", {
      intent: "forgot-password",
      email: "x",
    });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Please enter a valid email address");
  });
});

describe("reset password", () => {
  it("sets the new password from the mailed link; a dead link says so", async () => {
    const member = await createMember(t);
    await postForm("/auth/forgot-password", { intent: "forgot-password", email: member.email });
    const token = await mailedToken(t, member.email, "/auth/reset-password");
    const page = `/auth/reset-password?token=${token}`;
    const short = await postForm(page, { intent: "reset-password", token, newPassword: "short" });
    expect(short.status).toBe(400);
    expect(await pageText(short)).toContain("Password must be at least 8 characters");

    const reset = await postForm(page, {
      intent: "reset-password",
      token,
      newPassword: "a brand new password",
    });
    expect(reset.status).toBe(200);
    const html = await pageText(reset);
    expect(html).toContain("Password updated");
    expect(html).not.toContain("a brand new password");
    const signIn = await postForm("/auth", {
      intent: "sign-in",
      email: member.email,
      password: "a brand new password",
    });
    expect(signIn.status).toBe(303);

    const again = await postForm(page, {
      intent: "reset-password",
      token,
      newPassword: "another new password",
    });
    expect(again.status).toBe(400);
    expect(await pageText(again)).toContain("Request a new link");
  });
});

describe("contact", () => {
  const message = () => ({
    intent: "contact",
    name: "Plain Sender",
    email: uniqueEmail("contact"),
    subject: "Sent without scripts",
    message: "Hello there",
  });

  it("keeps the message and says so", async () => {
    const fields = message();
    const response = await postForm("/contact", fields);
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain("Message sent!");
    expect(
      await count(sql`select count(*) as n from contact_messages where email = ${fields.email}`),
    ).toBe(1);
  });

  it("comes back filled in, with the field's message", async () => {
    const response = await postForm("/contact", { ...message(), subject: "" });
    expect(response.status).toBe(400);
    const html = await pageText(response);
    expect(html).toContain("Subject is required");
    expect(html).toContain("Hello there");
  });

  it("meets the route's limit: 429 with Retry-After, on the page", async () => {
    const ip = newIp();
    for (let sent = 0; sent < 5; sent += 1) {
      expect((await postForm("/contact", message(), { ip })).status).toBe(200);
    }
    const refused = await postForm("/contact", message(), { ip });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await pageText(refused)).toContain(
      "Too many messages. Please try again in a few minutes.",
    );
  });

  it("is sent from the home page too, where the form also is", async () => {
    const fields = message();
    const response = await postForm("/", fields);
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain("Message sent!");
  });

  it("refuses another site's form, before anything is kept", async () => {
    const fields = message();
    const response = await postForm("/contact", fields, { origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(
      await count(sql`select count(*) as n from contact_messages where email = ${fields.email}`),
    ).toBe(0);
  });

  it("holds a tripped honeypot and answers as usual (decision 034)", async () => {
    const fields = { ...message(), website: "http://spam.example" };
    const response = await postForm("/contact", fields);
    expect(response.status).toBe(200);
    expect(await pageText(response)).toContain("Message sent!");
    expect(
      await count(sql`select count(*) as n from contact_messages where email = ${fields.email}`),
    ).toBe(0);
    expect(
      await count(
        sql`select count(*) as n from held_submissions where payload->>'email' = ${fields.email}`,
      ),
    ).toBe(1);
  });
});

describe("newsletter", () => {
  it("answers with the outcome under the form, and the field's message for a bad address", async () => {
    const sent = await postForm("/", { intent: "newsletter", email: uniqueEmail("news") });
    expect(sent.status).toBe(200);
    expect(await pageText(sent)).toContain("Please check your email to confirm your subscription.");

    const refused = await postForm("/", { intent: "newsletter", email: "x" });
    expect(refused.status).toBe(400);
    expect(await pageText(refused)).toContain("Please enter a valid email address");
  });
});

describe("data request", () => {
  it("keeps the request and says so; a missing type comes back with its message", async () => {
    const email = uniqueEmail("gdpr");
    const fields = { intent: "data-request", requestType: "access", email, fullName: "Grace" };
    const sent = await postForm("/data-request", fields);
    expect(sent.status).toBe(200);
    expect(await pageText(sent)).toContain("Request Submitted");
    expect(await count(sql`select count(*) as n from data_requests where email = ${email}`)).toBe(
      1,
    );

    const refused = await postForm("/data-request", { ...fields, requestType: "" });
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain("Request type is required");
    expect(html).toContain('value="Grace"');
  });
});

describe("a visitor's report (docs/decisions/079)", () => {
  it("queues the report and answers with the page and the thanks; a refusal keeps the fields", async () => {
    const id = await insertDiscussionRow(t.db, { title: "Prize", content: "Send bank details" });
    const email = uniqueEmail("report");
    const page = `/report?kind=discussion&id=${id}`;
    const fields = {
      intent: "report",
      targetKind: "discussion",
      targetId: id,
      reason: "illegal",
      harmKind: "fraud",
      email,
      details: "",
    };
    const sent = await postForm(page, fields);
    expect(sent.status).toBe(200);
    expect(await pageText(sent)).toContain("Thanks. Your report is with the moderators.");
    expect(
      await count(sql`select count(*) as n from reports where reporter_email = ${email}`),
    ).toBe(1);

    const refused = await postForm(page, { ...fields, harmKind: "" });
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain("Choose the kind of illegal content");
    expect(html).toContain(`value="${email}"`);
  });
});

describe("a complaint (docs/decisions/081)", () => {
  it("stores the complaint and answers with the page and the thanks; a refusal keeps the fields", async () => {
    const email = uniqueEmail("complaint");
    const fields = {
      intent: "complaint",
      kind: "duties",
      email,
      link: "",
      message: "No accountable person is named",
    };
    const sent = await postForm("/complaints", fields);
    expect(sent.status).toBe(200);
    expect(await pageText(sent)).toContain("Thanks. We have received your complaint");
    expect(await count(sql`select count(*) as n from complaints where email = ${email}`)).toBe(1);

    const refused = await postForm("/complaints", { ...fields, message: "" });
    expect(refused.status).toBe(400);
    const html = await pageText(refused);
    expect(html).toContain("Complaint is required");
    expect(html).toContain(`value="${email}"`);
  });
});

describe("what is not a public form's post", () => {
  it("is not found, as before: another intent, another page, a JSON body", async () => {
    const fields = {
      intent: "contact",
      name: "A",
      email: uniqueEmail(),
      subject: "B",
      message: "C",
    };
    expect((await postForm("/auth", fields)).status).toBe(404);
    expect((await postForm("/contact", { ...fields, intent: "toString" })).status).toBe(404);
    expect((await postForm("/discussion", fields)).status).toBe(404);
    const json = await app.request(new URL("/contact", TEST_SITE_URL).href, {
      method: "POST",
      body: JSON.stringify(fields),
      headers: { "content-type": "application/json", origin: TEST_SITE_URL },
    });
    expect(json.status).toBe(404);
  });

  it("writes what was sent as text, never as markup", async () => {
    const response = await postForm("/contact", {
      intent: "contact",
      name: '<script>alert("x")</script>',
      email: "x",
      subject: "</script><img src=x onerror=alert(1)>",
      message: "m",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).not.toContain("<script>alert");
    expect(html).not.toContain("<img src=x");
  });
});

describe("a page with a form's token", () => {
  it("carries a token in the form, and is shared as any visitor's page is", async () => {
    // The token names no one (docs/decisions/061, amended with 059): the page is not personal.
    const app = createApp(t.deps, { staticFiles: builtClient(TEST_SHELL) });
    const contact = await app.request("/contact");
    expect(contact.status).toBe(200);
    expect(contact.headers.get("cache-control")).toBe("no-cache");
    expect(await contact.text()).toMatch(/name="formToken" value="[^"]+"/);

    const forum = await app.request("/discussion");
    expect(forum.headers.get("cache-control")).toBe("no-cache");
    expect(await forum.text()).not.toContain('name="formToken"');
  });

  it("is the token a sign-up may come back with, held as too fast under a minimum", async () => {
    const strict = await createTestApp({ env: { SPAM_MIN_FILL_SECONDS: "3" } });
    try {
      const strictApp = createApp(strict.deps, { staticFiles: builtClient(TEST_SHELL) });
      const page = await (await strictApp.request("/auth?tab=sign-up")).text();
      const token = /name="formToken" value="([^"]+)"/.exec(page)?.[1];
      expect(token).toBeDefined();
      const email = uniqueEmail("fast");
      const response = await postForm(
        "/auth",
        { intent: "sign-up", name: "Fast Filler", email, formToken: token ?? "" },
        { target: strictApp },
      );
      expect(response.status).toBe(200);
      const [held] = await queryRows<{ reason: string }>(
        strict.db,
        sql`select reason from held_submissions where payload->>'email' = ${email}`,
      );
      expect(held?.reason).toBe("too_fast");
    } finally {
      await strict.close();
    }
  });
});
