// Hostile values in each field of every body endpoint (the heart of hostile-input.test.ts,
// whose header says what is checked), split over files by endpoint so that the test workers
// share it out and none runs for minutes alone (issue 34); which endpoint goes where is fixed,
// so every endpoint is covered once.
import fc from "fast-check";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { TestApp } from "@/server/test/test-app";
import { type HostileRun, startHostileRun } from "./hostile-run";
import { EXTRA_KEYS, hostileValue, RUNS } from "./hostile-values";
import {
  type Catalogue,
  expectHandled,
  expectSafeEcho,
  expectTextStoredClean,
  send,
  unsafeStoredValues,
} from "./input-catalogue";
import { type Callers, clientFor } from "./test-support";

const CONTROL_TOKEN = "hostile-control-token-0123456789";

/**
 * The tests of one shard: hostile values in each field of every endpoint whose index in the
 * catalogue is `part` modulo `parts`, on an app of the shard's own.
 */
export function hostileFieldsShard(part: number, parts: number) {
  let t: TestApp;
  let app: HostileRun["app"];
  let callers: Callers;
  let catalogue: Catalogue;
  // Runs of endpoints with text fields, and how many of them were stored.
  const textRuns = { sent: 0, stored: 0 };

  beforeAll(async () => {
    ({ t, app, callers, catalogue } = await startHostileRun(CONTROL_TOKEN));
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it(`answers hostile values in each field, and stores only safe text (part ${part + 1} of ${parts})`, async () => {
    const endpoints = catalogue.bodies.filter((_, index) => index % parts === part);
    expect(endpoints.length, "endpoints in this part").toBeGreaterThan(0);
    for (const endpoint of endpoints) {
      const runs = { sent: 0, stored: 0 };
      const client = clientFor(app, callers, endpoint.caller);
      const fields = Object.keys(endpoint.valid());
      // Mostly one field at a time, so that the rest of the body stays valid and the hostile
      // value gets as far as the database; sometimes several at once.
      const body = fc
        .oneof(
          { weight: 3, arbitrary: fc.constantFrom(...fields).map((field) => [field]) },
          { weight: 1, arbitrary: fc.subarray(fields, { minLength: 1 }) },
        )
        .chain((chosen) =>
          fc
            .tuple(...chosen.map(() => hostileValue))
            .map((values) =>
              Object.fromEntries(chosen.map((field, index) => [field, values[index]])),
            ),
        );
      await fc.assert(
        fc.asyncProperty(
          body,
          fc.subarray(EXTRA_KEYS),
          hostileValue,
          async (values, extraKeys, extraValue) => {
            const valid = endpoint.valid();
            const merged: Record<string, unknown> = { ...valid };
            for (const [key, value] of Object.entries(values)) {
              const wrap = endpoint.wrapText?.[key];
              if (value !== undefined)
                merged[key] = wrap && typeof value === "string" ? wrap(value) : value;
            }
            for (const key of extraKeys) {
              Object.defineProperty(merged, key, { value: extraValue, enumerable: true });
            }
            const response = await send(
              client,
              endpoint.method,
              endpoint.path,
              merged,
              endpoint.headers,
            );
            await expectHandled(response, endpoint.name);
            await expectSafeEcho(response, endpoint.name);
            runs.sent += 1;
            if (response.ok) runs.stored += 1;
            // Extra keys are hostile too: a NUL in any of them refuses the whole body.
            const hostile = [...Object.keys(values), ...extraKeys];
            const context = `${endpoint.name} with ${JSON.stringify(values)}`;
            await expectTextStoredClean(endpoint, response, merged, hostile, context);
          },
        ),
        { numRuns: RUNS * 2 },
      );
      expect(await unsafeStoredValues(t.db), endpoint.name).toEqual([]);
      if (endpoint.text && endpoint.answers < 300) {
        // A hostile text value of a fair length is stored: some runs of each such endpoint are.
        expect(runs.stored, `${endpoint.name}: runs stored`).toBeGreaterThan(0);
        textRuns.sent += runs.sent;
        textRuns.stored += runs.stored;
      }
    }
    // Every endpoint of the part in turn: 115-135 s at load 5-7, hence its own time limit.
  }, 300_000);

  it(`stores a fair share of the hostile text values sent (part ${part + 1} of ${parts})`, () => {
    // Measured at 40 runs: about 40% (wrong types and lengths past the limits are refused).
    expect(textRuns.sent, "text runs sent").toBeGreaterThan(0);
    expect(textRuns.stored / textRuns.sent, "share of runs stored").toBeGreaterThan(0.2);
  });
}
