// The import boundaries of docs/architecture.md "Shape", checked by `npm run lint` (dependency-cruiser):
// client and server never import each other, shared imports neither, a feature never
// imports another feature (compose features in app/ or a page; share through lib/, domain/,
// components/ or shared/), server lib/ never imports auth/, and no module imports itself back.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "client-imports-server",
      comment: "The browser bundle must never pull in server code.",
      severity: "error",
      from: { path: "^src/client/" },
      to: { path: "^src/server/" },
    },
    {
      name: "server-imports-client",
      comment:
        "Only the server renderer (src/server/ssr/) renders the client's components (docs/decisions/025).",
      severity: "error",
      from: { path: "^src/server/", pathNot: "^src/server/ssr/" },
      to: { path: "^src/client/" },
    },
    {
      name: "shared-imports-a-side",
      comment: "src/shared is imported by both sides and imports neither.",
      severity: "error",
      from: { path: "^src/shared/" },
      to: { path: "^src/(client|server)/" },
    },
    {
      name: "client-feature-imports-another-feature",
      comment: "Compose features in src/client/app/; share through lib/ or components/.",
      severity: "error",
      from: { path: "^src/client/features/([^/]+)/" },
      to: {
        path: "^src/client/features/([^/]+)/",
        pathNot: "^src/client/features/$1/",
      },
    },
    {
      name: "server-feature-imports-another-feature",
      comment: "Share through src/server/domain/ or lib/; test support lives in src/server/test/.",
      severity: "error",
      from: { path: "^src/server/features/([^/]+)/" },
      to: {
        path: "^src/server/features/([^/]+)/",
        pathNot: "^src/server/features/$1/",
      },
    },
    {
      name: "shared-layer-imports-a-feature",
      comment:
        "lib/, components/, hooks/, domain/, db/ and auth/ serve features, never the reverse.",
      severity: "error",
      from: {
        path: "^src/(client/(lib|components|hooks)|server/(lib|domain|db|auth))/",
      },
      to: { path: "^src/(client|server)/features/" },
    },
    {
      name: "no-circular",
      comment:
        "Modules that import each other (even only for types) cannot be understood or moved apart one at a time.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "lib-imports-auth",
      comment:
        "src/server/lib/ serves every layer, auth/ included; what both need (the session cookie's name) lives in lib/.",
      severity: "error",
      from: { path: "^src/server/lib/" },
      to: { path: "^src/server/auth/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(node_modules|dist)" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
  },
};
