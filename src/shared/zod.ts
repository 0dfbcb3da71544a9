// zod as the shared schemas use it. In the browser, zod must not try to compile parsers with
// `new Function`: our CSP forbids eval, so the attempt only logs a CSP violation (Lighthouse:
// best practices 96 on the forum) before zod falls back to the same interpreted parsing. zod
// makes that attempt when an object schema is created, so the setting must come before any
// schema exists: every shared module that makes schemas at load imports z from here, and an
// import is evaluated before the module that imports it. The server keeps the compiled parsers.
import { z } from "zod";

if (typeof document !== "undefined") z.config({ jitless: true });

export { z };
