import { defineConfig } from "drizzle-kit";

// Only `drizzle-kit generate` uses this: migrations are SQL files committed under drizzle/
// and applied by the server at start-up (migrate() in src/server/db/client.ts).
export default defineConfig({
  dialect: "postgresql",
  schema: "./src/server/db/schema.ts",
  out: "./drizzle",
});
