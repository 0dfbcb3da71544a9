// Answers made in node's request listener before the app (kept pages, decision 043; public
// reads, decision 045), for @hono/node-server's serve(). Each one takes a request or leaves it;
// one it took may still hand it to the app.
import {
  createServer,
  type IncomingMessage,
  type RequestListener,
  type ServerOptions,
  type ServerResponse,
} from "node:http";
import { announcesBody } from "./early-answer-close";

/** Returns true when it takes the request (and answers it, or calls `toApp`), false to leave it. */
export type AnswerFirst = (
  request: IncomingMessage,
  response: ServerResponse,
  toApp: () => void,
) => boolean;

/** node:http's createServer for serve(): each of `answers` in turn, then the app. */
export function serverWithAnswersFirst(answers: readonly AnswerFirst[]): typeof createServer {
  return ((options: ServerOptions, appListener: RequestListener) =>
    createServer(options, (request, response) => {
      const toApp = () => appListener(request, response);
      // They answer reads and never read a body: a request with one goes to the app, which
      // closes a connection whose body is left unread (decision 050).
      if (announcesBody(request)) return toApp();
      for (const answer of answers) if (answer(request, response, toApp)) return;
      toApp();
    })) as typeof createServer;
}
