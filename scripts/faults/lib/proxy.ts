// A small reverse proxy in front of several app instances, as nginx or a load balancer would
// be: each request goes to the next instance in turn (or to the one `x-instance` names, so a
// scenario can choose), with the client's address appended to X-Forwarded-For. `x-test-client`
// plays the client's address: every request really comes from this machine.
import { createServer, request as forward } from "node:http";

export type Proxy = { url: string; close(): Promise<void> };

export function startProxy(port: number, upstreams: string[]): Promise<Proxy> {
  let next = 0;
  const server = createServer((incoming, outgoing) => {
    const chosen = Number(incoming.headers["x-instance"]);
    const upstream = new URL(
      upstreams[Number.isInteger(chosen) ? chosen : next++ % upstreams.length] ?? "",
    );
    const client = String(incoming.headers["x-test-client"] ?? incoming.socket.remoteAddress);
    const headers = { ...incoming.headers };
    delete headers["x-instance"];
    delete headers["x-test-client"];
    headers["x-forwarded-for"] = [headers["x-forwarded-for"], client].filter(Boolean).join(", ");
    const upstreamRequest = forward(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: incoming.method,
        path: incoming.url,
        headers,
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstreamRequest.on("error", () => {
      if (!outgoing.headersSent) outgoing.writeHead(502);
      outgoing.end();
    });
    incoming.pipe(upstreamRequest);
  });
  return new Promise((resolve) => {
    server.listen(port, "127.0.0.1", () =>
      resolve({
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      }),
    );
  });
}
