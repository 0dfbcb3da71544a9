// GET /metrics (lib/metrics.ts): off without METRICS_TOKEN, a 401 without it, and with it the
// figures an operator needs, in Prometheus's text exposition format (checked line by line).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createMember } from "@/server/test/factories";
import { createClient, createTestApp, type TestApp } from "@/server/test/test-app";

const TOKEN = "metrics-token-0123456789";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
});

type Sample = { labels: Record<string, string>; value: number };
type Family = { type: string; help: string; samples: Map<string, Sample[]> };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = `[a-zA-Z_][a-zA-Z0-9_]*="(?:[^"\\\\\\n]|\\\\[\\\\"n])*"`;
const SAMPLE_LINE = new RegExp(
  `^(${NAME})(?:\\{(${LABEL}(?:,${LABEL})*)?\\})? ([-+]?(?:[0-9.]+(?:e[-+]?[0-9]+)?|Inf|NaN))$`,
  // Values as Go's strconv.ParseFloat reads them: Inf and NaN in any case (prom-client: "Nan").
  "i",
);

/**
 * Prometheus's text exposition format (version 0.0.4), strictly: every family has its HELP
 * and TYPE lines before its samples, and every sample line is a name, optional labels and a
 * number. Throws on the first line that is not.
 */
function parseExposition(text: string): Map<string, Family> {
  const families = new Map<string, Family>();
  const familyOf = (name: string) =>
    families.get(name) ?? families.get(name.replace(/_(bucket|sum|count)$/, ""));
  for (const line of text.split("\n")) {
    if (line === "") continue;
    const meta = /^# (HELP|TYPE) (\S+) (.*)$/.exec(line);
    if (meta) {
      const [, kind, name = "", rest = ""] = meta;
      const family = families.get(name) ?? { type: "", help: "", samples: new Map() };
      if (kind === "HELP") family.help = rest;
      else family.type = rest;
      families.set(name, family);
      continue;
    }
    const match = SAMPLE_LINE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const [, name = "", labelText = "", value = ""] = match;
    const family = familyOf(name);
    if (!family?.type || !family.help)
      throw new Error(`A sample before its HELP and TYPE: ${line}`);
    const labels = Object.fromEntries(
      [...labelText.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g)].map(
        ([, label = "", text = ""]) => [label, text],
      ),
    );
    const samples = family.samples.get(name) ?? [];
    samples.push({
      labels,
      value: Number(value.replace(/inf/i, "Infinity").replace(/nan/i, "NaN")),
    });
    family.samples.set(name, samples);
  }
  return families;
}

async function scrape(): Promise<Map<string, Family>> {
  const response = await t.app.request("/metrics", {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.status).toBe(200);
  expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
  return parseExposition(await response.text());
}

/** The value of the sample `name` with these labels (others may be there too). */
function sampleValue(
  families: Map<string, Family>,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const family = families.get(name.replace(/_(bucket|sum|count)$/, "")) ?? families.get(name);
  return family?.samples
    .get(name)
    ?.find((sample) =>
      Object.entries(labels).every(([label, value]) => sample.labels[label] === value),
    )?.value;
}

describe("/metrics", () => {
  it("does not exist without METRICS_TOKEN", async () => {
    const plain = await createTestApp();
    try {
      const response = await plain.app.request("/metrics", {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(response.status).toBe(404);
    } finally {
      await plain.close();
    }
  });

  it("answers 401 without the token, or with another", async () => {
    for (const authorization of [undefined, "Bearer wrong-token-wrong-token", `Basic ${TOKEN}`]) {
      const response = await t.app.request("/metrics", {
        headers: authorization ? { authorization } : {},
      });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain("http_requests_total");
    }
  });

  it("counts requests by route pattern and status, with their latency", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    await t.app.request(`/api/discussions/${id}`);
    await t.app.request("/api/discussions?limit=5");
    const families = await scrape();
    expect(families.get("http_requests_total")?.type).toBe("counter");
    // The pattern, never the path: a label per route, whatever ids clients send.
    const missing = { method: "GET", route: "/api/discussions/:id", status: "404" };
    expect(sampleValue(families, "http_requests_total", missing)).toBeGreaterThanOrEqual(1);
    const listed = { method: "GET", route: "/api/discussions", status: "200" };
    expect(sampleValue(families, "http_requests_total", listed)).toBe(1);
    const samples = [...(families.get("http_requests_total")?.samples.values() ?? [])].flat();
    expect(samples.some((sample) => sample.labels.route?.includes(id))).toBe(false);

    expect(families.get("http_request_duration_seconds")?.type).toBe("histogram");
    const list = { method: "GET", route: "/api/discussions" };
    expect(sampleValue(families, "http_request_duration_seconds_count", list)).toBe(1);
    expect(sampleValue(families, "http_request_duration_seconds_sum", list)).toBeGreaterThan(0);
    const everything = { ...list, le: "+Inf" };
    expect(sampleValue(families, "http_request_duration_seconds_bucket", everything)).toBe(1);
    expect(
      sampleValue(families, "http_request_duration_seconds_bucket", { ...list, le: "0.05" }),
    ).toBeDefined();
  });

  it("reports the mail sent, the job queue, the live streams and the process", async () => {
    const sent = (families: Map<string, Family>) =>
      sampleValue(families, "mail_messages_total", { outcome: "sent" }) ?? Number.NaN;
    const before = await scrape();
    // A reset link is queued mail; running the queue sends it.
    const member = await createMember(t);
    await createClient(t.app).post("/api/auth/request-password-reset", { email: member.email });
    await t.runJobs();
    const after = await scrape();
    expect(sent(after)).toBeGreaterThan(sent(before));
    expect(sampleValue(after, "mail_messages_total", { outcome: "failed" })).toBe(0);
    expect(after.get("jobs_waiting")?.type).toBe("gauge");
    expect(sampleValue(after, "jobs_waiting", { queue: "send-mail" })).toBe(0);
    expect(sampleValue(after, "live_streams_open")).toBe(0);
    // The process's own figures, from prom-client.
    expect(sampleValue(after, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(after.has("nodejs_eventloop_lag_seconds")).toBe(true);
  });

  it("counts waiting jobs", async () => {
    await t.deps.jobs.send("send-mail", {}, { startAfter: 3600 });
    expect(sampleValue(await scrape(), "jobs_waiting", { queue: "send-mail" })).toBe(1);
  });

  it("answers a scraper calling the server by its address", async () => {
    const response = await t.app.request("http://10.0.0.5:3000/metrics", {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(200);
  });
});
