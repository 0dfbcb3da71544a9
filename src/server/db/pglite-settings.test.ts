// The embedded database's shared_buffers is the app's choice (decision 086), and the setting
// reaches PostgreSQL: PGlite takes it among its start parameters, which replace its own.
import { expect, it } from "vitest";
import { createPglite } from "./client";

async function sharedBuffers(sharedBuffersMb?: number) {
  const client = await createPglite(undefined, undefined, sharedBuffersMb);
  try {
    const { rows } = await client.query<{ value: string; search_path: string }>(
      "select current_setting('shared_buffers') as value, current_setting('search_path') as search_path",
    );
    return rows[0];
  } finally {
    await client.close();
  }
}

it("runs with 32MB of shared buffers unless told otherwise, keeping PGlite's own parameters", async () => {
  expect(await sharedBuffers()).toEqual({ value: "32MB", search_path: "public" });
});

it("takes PGLITE_SHARED_BUFFERS_MB's value", async () => {
  expect((await sharedBuffers(48))?.value).toBe("48MB");
});
