// The server runs as `production` unless NODE_ENV says otherwise (docs/decisions/035). React's
// production server renderer is several times faster than its development build: a signed-in
// member's page, rendered on each request, took 18-19 ms of CPU with the development build.
// Imported first by main.ts, so that it runs before anything loads React. `npm run dev` sets
// development; the tests run under vitest's `test`.
process.env.NODE_ENV ??= "production";
