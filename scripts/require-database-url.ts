import { loadEnv } from "../src/server/env";

if (!loadEnv().databaseUrl) {
  console.error(
    "npm run test:pg runs the API tests on a PostgreSQL server: set DATABASE_URL, for example\n" +
      "  DATABASE_URL=postgres://postgres@localhost:5432/postgres npm run test:pg\n" +
      "Each test file creates (and drops) a database of its own on that server.",
  );
  process.exit(1);
}
