// The SQL our app runs for each endpoint, captured through openDatabase's query logger while the
// app answers one request at a time in this process. The ceiling replays exactly these
// statements (text and parameters, named when the app prepares them), so the two sides differ
// only in what surrounds the SQL. An endpoint asked as one of bench/reading-data.ts's readers is
// asked with their session (signed in here, on this app).
import { openDatabase } from "@/server/db/client";
import { preparedTexts } from "@/server/db/prepared";
import { createBenchApp } from "./bench-app";
import {
  BENCH_READER_PASSWORD,
  BENCH_READERS,
  type BenchReader,
  signInCookie,
} from "./bench-member";
import type { Endpoint } from "./endpoints";

/** `prepared`: the app runs it as a named prepared statement (db/prepared.ts); so does the ceiling. */
export type Statement = { text: string; params: unknown[]; prepared?: boolean };

export type CapturedEndpoint = Endpoint & {
  statements: Statement[];
  /** Bytes of the app's own (uncompressed) answer, to compare with the ceiling's. */
  appBodyBytes: number;
};

export async function captureSql(
  databaseUrl: string,
  endpoints: Endpoint[],
): Promise<CapturedEndpoint[]> {
  let statements: Statement[] = [];
  let capturing = false;
  const database = await openDatabase({
    engine: "postgres",
    url: databaseUrl,
    poolSize: 2,
    logQuery: (text, params) => {
      if (capturing) statements.push({ text, params });
    },
  });
  // As the server would at start-up, before any statement is captured.
  await database.migrate();
  const { app, env, close } = createBenchApp(database);
  const cookies = new Map<BenchReader, string>();
  const cookieOf = async (reader: BenchReader) => {
    const known = cookies.get(reader);
    if (known) return known;
    const cookie = await signInCookie(
      (path, init) => app.request(path, init),
      env.siteUrl,
      BENCH_READERS[reader],
      BENCH_READER_PASSWORD,
    );
    cookies.set(reader, cookie);
    return cookie;
  };
  try {
    const captured: CapturedEndpoint[] = [];
    for (const endpoint of endpoints) {
      statements = [];
      let appBodyBytes = 0;
      // The shell is served by the real server only (static files); it runs no SQL for "/".
      if (endpoint.shape !== "html") {
        const headers = endpoint.reader ? { cookie: await cookieOf(endpoint.reader) } : undefined;
        capturing = true;
        const response = await app.request(endpoint.path, { headers });
        capturing = false;
        const body = await response.arrayBuffer();
        if (!response.ok) throw new Error(`${endpoint.path} answered ${response.status}`);
        appBodyBytes = body.byteLength;
      }
      captured.push({
        ...endpoint,
        statements: statements.map((statement) => ({
          ...statement,
          prepared: preparedTexts.has(statement.text),
        })),
        appBodyBytes,
      });
    }
    return captured;
  } finally {
    await close();
    await database.close();
  }
}
