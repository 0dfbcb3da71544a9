// HTTP from the fault runner: browser-like requests (our Origin, a session cookie), each with a
// deadline so that a hanging server shows up as a timeout instead of a stuck run.
import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

export type Outcome = {
  status: number | null;
  /** The connection error's code (ECONNRESET, ECONNREFUSED, TIMEOUT, ...). */
  error?: string;
  ms: number;
  body: string;
  headers?: Headers;
};

export async function request(
  baseUrl: string,
  method: string,
  url: string,
  options: {
    cookie?: string;
    json?: unknown;
    body?: BodyInit;
    timeoutMs?: number;
    headers?: Record<string, string>;
  } = {},
): Promise<Outcome> {
  const started = performance.now();
  const headers: Record<string, string> = { origin: baseUrl, ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  if (options.json !== undefined) headers["content-type"] = "application/json";
  try {
    const response = await fetch(new URL(url, baseUrl), {
      method,
      headers,
      body: options.json !== undefined ? JSON.stringify(options.json) : options.body,
      redirect: "manual",
      signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
    });
    const body = await response.text();
    return {
      status: response.status,
      ms: performance.now() - started,
      body,
      headers: response.headers,
    };
  } catch (error) {
    return { status: null, error: errorCode(error), ms: performance.now() - started, body: "" };
  }
}

export function errorCode(error: unknown): string {
  const seen = new Set<unknown>();
  for (let current = error; current && !seen.has(current); ) {
    seen.add(current);
    const { name, code, cause } = current as { name?: string; code?: string; cause?: unknown };
    if (name === "TimeoutError") return "TIMEOUT";
    if (typeof code === "string") return code;
    current = cause;
  }
  return error instanceof Error ? error.message : String(error);
}

export type Member = { email: string; password: string; cookie: string };

/** Verified, signed-in members, through the API and the dev mailbox like a person would. */
export async function createMembers(
  baseUrl: string,
  dataDir: string,
  count: number,
  prefix = "fault",
): Promise<Member[]> {
  const members: Member[] = [];
  for (let n = 0; n < count; n++) {
    const email = `${prefix}-${n}-${randomBytes(3).toString("hex")}@example.com`;
    const password = "fault password 123";
    const signUp = await request(baseUrl, "POST", "/api/auth/sign-up/email", {
      json: { name: `Fault Member ${n}`, email, password },
    });
    if (signUp.status !== 200) throw new Error(`sign-up: ${signUp.status} ${signUp.body}`);
    // The confirmation link's page chooses the password and signs in (docs/decisions/014).
    const token = new URL(await mailLink(dataDir, email)).searchParams.get("token");
    const confirm = await request(baseUrl, "POST", "/api/auth/confirm-email", {
      json: { token, name: `Fault Member ${n}`, password },
    });
    if (confirm.status !== 200) throw new Error(`confirm: ${confirm.status} ${confirm.body}`);
    members.push({ email, password, cookie: await signIn(baseUrl, email, password) });
  }
  return members;
}

export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(new URL("/api/auth/sign-in/email", baseUrl), {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in: ${response.status} ${await response.text()}`);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

async function mailLink(dataDir: string, email: string): Promise<string> {
  const directory = path.join(dataDir, "mail");
  const until = Date.now() + 10_000;
  while (Date.now() < until) {
    const names = (await readdir(directory).catch(() => [] as string[])).filter((name) =>
      name.endsWith(`-${email}.txt`),
    );
    const newest = names.sort().at(-1);
    if (newest) {
      const link = (await readFile(path.join(directory, newest), "utf8")).match(/https?:\/\/\S+/);
      if (link) return link[0];
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no verification mail for ${email}`);
}
