import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { heroWords } from "@/server/db/schema";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type { HeroWordsResponse } from "@/shared/api-types";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const words = async () =>
  ((await (await t.app.request("/api/hero-words")).json()) as HeroWordsResponse).words.map(
    (entry) => entry.word,
  );

describe("GET /api/hero-words", () => {
  it("lists the seeded words in display order", async () => {
    expect(await words()).toEqual([
      "vent",
      "rant",
      "scream into a pillow",
      "say it out loud",
      "complain",
      "let it all out",
    ]);
  });

  it("leaves out inactive words and follows display_order", async () => {
    await t.db.update(heroWords).set({ isActive: false }).where(eq(heroWords.word, "rant"));
    await t.db.insert(heroWords).values({ word: "shout", displayOrder: 0 });
    expect(await words()).toEqual([
      "shout",
      "vent",
      "scream into a pillow",
      "say it out loud",
      "complain",
      "let it all out",
    ]);
  });
});
