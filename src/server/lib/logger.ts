import pino from "pino";

export type Logger = pino.Logger;

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    { level, base: undefined, serializers: { err: errorWithoutQueryValues } },
    destination,
  );
}

/**
 * Where the server's log goes: readable lines on a terminal (a person is watching `npm start`),
 * JSON lines otherwise (a log collector, systemd's journal, a file). Formatted in-process and
 * synchronously, so a line logged just before an exit is not lost. pino-pretty is a dev
 * dependency: an install without them logs JSON on a terminal too.
 */
export async function logDestination(
  terminal = Boolean(process.stdout.isTTY),
  destination: NodeJS.WritableStream | number = 1,
): Promise<pino.DestinationStream | undefined> {
  if (!terminal) return undefined;
  const pretty = await import("pino-pretty").then(
    (module) => module.default,
    () => undefined,
  );
  return pretty?.({
    destination,
    sync: true,
    colorize: typeof destination === "number",
    translateTime: "SYS:HH:MM:ss.l",
    ignore: "pid,hostname",
  });
}

/** The values a failed query was given (drizzle's DrizzleQueryError), along its cause chain. */
function queryValuesIn(error: unknown): string[] {
  const found: string[] = [];
  for (let current = error, depth = 0; current && depth < 10; depth++) {
    const { params, cause } = current as { params?: unknown; cause?: unknown };
    if (Array.isArray(params) && params.length > 0) found.push(String(params));
    current = cause;
  }
  return found;
}

/**
 * pino's error serializer, without a failed query's values: drizzle writes them into the
 * message and stack ("params: ..."), and they are members' data (emails, password hashes,
 * private text) or whatever a forged request sent. The query itself stays, to debug with.
 */
function errorWithoutQueryValues(error: unknown): unknown {
  const serialized = pino.stdSerializers.err(error as Error) as unknown;
  const values = queryValuesIn(error);
  if (values.length === 0 || !serialized || typeof serialized !== "object") return serialized;
  const redact = (text: unknown) =>
    typeof text === "string"
      ? values.reduce(
          (result, value) => result.split(`params: ${value}`).join("params: [redacted]"),
          text,
        )
      : text;
  const { params: _, ...rest } = serialized as Record<string, unknown>;
  return { ...rest, message: redact(rest.message), stack: redact(rest.stack) };
}
