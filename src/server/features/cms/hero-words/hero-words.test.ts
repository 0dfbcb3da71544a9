import { sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createStaffClients, type StaffClients } from "@/server/test/staff-area";
import { createTestApp, type TestApp } from "@/server/test/test-app";
import type {
  ApiErrorBody,
  CmsHeroWord,
  CmsHeroWordsResponse,
  HeroWordsResponse,
} from "@/shared/api-types";

let t: TestApp;
let clients: StaffClients;
beforeAll(async () => {
  t = await createTestApp();
  clients = await createStaffClients(t);
});
afterAll(async () => {
  await t.close();
});
beforeEach(async () => {
  await t.db.execute(sql`delete from hero_words`);
});

const staffWords = async () =>
  ((await (await clients.author.get("/api/cms/hero-words")).json()) as CmsHeroWordsResponse).words;
const homeWords = async () =>
  ((await (await t.app.request("/api/hero-words")).json()) as HeroWordsResponse).words.map(
    (entry) => entry.word,
  );

async function add(word: string): Promise<CmsHeroWord> {
  const response = await clients.moderator.post("/api/cms/hero-words", { word });
  expect(response.status).toBe(201);
  return (await response.json()) as CmsHeroWord;
}

describe("hero words in the CMS", () => {
  it("adds trimmed words after the last one (display_order = max + 1), active", async () => {
    await t.db.execute(sql`insert into hero_words (word, display_order) values ('first', 7)`);
    const added = await add("  shout  ");
    expect(added).toMatchObject({ word: "shout", displayOrder: 8, isActive: true });
    const next = await add("sulk");
    expect(next.displayOrder).toBe(9);
    expect(await homeWords()).toEqual(["first", "shout", "sulk"]);
  });

  it("refuses a word the list already has, in any case: 'This word is already in the list.'", async () => {
    await add("rant");
    for (const word of ["rant", " RANT "]) {
      const response = await clients.author.post("/api/cms/hero-words", { word });
      expect(response.status).toBe(409);
      const body = (await response.json()) as ApiErrorBody;
      expect(body.error.message).toBe("This word is already in the list.");
      expect(body.error.fields?.word).toBe("This word is already in the list.");
    }
    expect((await staffWords()).map((w) => w.word)).toEqual(["rant"]);
  });

  it("starts at 1 in an empty list", async () => {
    expect((await add("vent")).displayOrder).toBe(1);
  });

  it("lists every word, inactive ones too, in display order", async () => {
    await t.db.execute(
      sql`insert into hero_words (word, display_order, is_active)
          values ('c', 3, true), ('a', 1, false), ('b', 2, true)`,
    );
    expect((await staffWords()).map((w) => [w.word, w.displayOrder, w.isActive])).toEqual([
      ["a", 1, false],
      ["b", 2, true],
      ["c", 3, true],
    ]);
    expect(await homeWords()).toEqual(["b", "c"]);
  });

  it("refuses an empty or blank word", async () => {
    for (const word of ["", "   ", "<>"]) {
      const response = await clients.author.post("/api/cms/hero-words", { word });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ApiErrorBody).error.fields?.word).toBe("Word is required");
    }
    expect(await staffWords()).toEqual([]);
  });

  it("switches a word off and on: the home hero follows", async () => {
    const word = await add("grumble");
    const off = await clients.author.patch(`/api/cms/hero-words/${word.id}`, { isActive: false });
    expect(((await off.json()) as CmsHeroWord).isActive).toBe(false);
    expect(await homeWords()).toEqual([]);
    await clients.author.patch(`/api/cms/hero-words/${word.id}`, { isActive: true });
    expect(await homeWords()).toEqual(["grumble"]);
    const bad = await clients.author.patch(`/api/cms/hero-words/${word.id}`, { isActive: "no" });
    expect(bad.status).toBe(400);
  });

  it("deletes a word; unknown ids are 404", async () => {
    const word = await add("moan");
    expect((await clients.admin.delete(`/api/cms/hero-words/${word.id}`)).status).toBe(204);
    expect(await staffWords()).toEqual([]);
    expect((await clients.admin.delete(`/api/cms/hero-words/${word.id}`)).status).toBe(404);
    expect((await clients.admin.patch(`/api/cms/hero-words/nope`, { isActive: true })).status).toBe(
      404,
    );
  });
});
