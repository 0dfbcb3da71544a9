// A real SMTP server in the test process (the smtp-server package): the app's SMTP path is
// tested end to end, from nodemailer to what a mail server receives.
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = {
  /** RCPT TO addresses. */
  recipients: string[];
  raw: string;
  /** Header names lower-cased; folded lines unfolded. */
  headers: Map<string, string>;
  /** The decoded text/plain and text/html parts. */
  text: string | null;
  html: string | null;
};

export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused with a temporary failure (451). */
  failNext(count: number): void;
  /**
   * Runs before each message is answered; a message is kept only once it is accepted, and one
   * whose hook throws is refused (never answered "250 OK").
   */
  beforeAccept?: (mail: ReceivedMail) => Promise<void> | void;
  close(): Promise<void>;
};

/** RFC 2047 encoded words (`=?UTF-8?Q?...?=`, `=?UTF-8?B?...?=`) as text. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === "B"
        ? Buffer.from(text, "base64").toString("utf8")
        : Buffer.from(
            text
              .replace(/_/g, " ")
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            "latin1",
          ).toString("utf8"),
    );
}

function parseHeaders(block: string): Map<string, string> {
  const headers = new Map<string, string>();
  for (const line of block.replace(/\r\n[ \t]+/g, " ").split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0)
      headers.set(
        line.slice(0, colon).trim().toLowerCase(),
        decodeWords(line.slice(colon + 1).trim()),
      );
  }
  return headers;
}

function decodeBody(body: string, encoding: string | undefined): string {
  if (encoding?.toLowerCase() === "base64") return Buffer.from(body, "base64").toString("utf8");
  if (encoding?.toLowerCase() === "quoted-printable") {
    const bytes = body
      .replace(/=\r\n/g, "")
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
    return Buffer.from(bytes, "latin1").toString("utf8");
  }
  return body;
}

/** The text and HTML parts of a message, however nested its multiparts. */
function partsOf(
  headers: Map<string, string>,
  body: string,
  found: { text: string | null; html: string | null },
) {
  const type = headers.get("content-type") ?? "text/plain";
  const boundary = type.match(/boundary="?([^";]+)"?/)?.[1];
  if (type.startsWith("multipart/") && boundary) {
    for (const part of body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith("--")) break;
      const split = part.indexOf("\r\n\r\n");
      partsOf(
        parseHeaders(part.slice(2, split)),
        part.slice(split + 4).replace(/\r\n$/, ""),
        found,
      );
    }
    return;
  }
  const decoded = decodeBody(body, headers.get("content-transfer-encoding"));
  if (type.startsWith("text/html")) found.html = decoded;
  else if (type.startsWith("text/plain")) found.text = decoded;
}

export function parseMail(raw: string, recipients: string[]): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const headers = parseHeaders(raw.slice(0, split));
  const found = { text: null as string | null, html: null as string | null };
  partsOf(headers, raw.slice(split + 4), found);
  return { recipients, raw, headers, ...found };
}

export async function startSmtpSink(): Promise<SmtpSink> {
  let failing = 0;
  const sink: SmtpSink = {
    url: "",
    received: [],
    failNext(count) {
      failing = count;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", async () => {
        if (failing > 0) {
          failing -= 1;
          const error = new Error("Try again later") as Error & { responseCode: number };
          error.responseCode = 451;
          callback(error);
          return;
        }
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address);
        const mail = parseMail(Buffer.concat(chunks).toString("utf8"), recipients);
        try {
          await sink.beforeAccept?.(mail);
        } catch (error) {
          // Not accepted: no "250 OK" was sent, so the message was never delivered.
          callback(error as Error);
          return;
        }
        sink.received.push(mail);
        callback();
      });
    },
  });
  // A client that goes away mid-session (the newsletter benchmark kills its worker on purpose)
  // resets its connection: that is the client's failure, not the sink's, and without a
  // listener the server's "error" event would end the process.
  server.on("error", () => undefined);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.server.address() as AddressInfo;
  sink.url = `smtp://127.0.0.1:${port}`;
  return sink;
}
