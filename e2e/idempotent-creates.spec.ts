// Idempotent creates in the browser (docs/decisions/033): the answer to a submission is lost after
// the server made the discussion (the connection is reset on its way back), the client retries
// with the submission's Idempotency-Key, and the server answers with the first answer: one
// discussion, and the person sees it created.
import { randomBytes } from "node:crypto";
import type { Route } from "@playwright/test";
import type { DiscussionPage } from "../src/shared/api-types";
import { newMemberOn } from "./support/accounts";
import { expect, test } from "./support/test";

const token = () => `zq${randomBytes(4).toString("hex")}`;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Attempt = { key: string | undefined; status: number; replayed: string | undefined };

test("a submission cut off after the server created it is retried once and creates one discussion", async ({
  page,
  consoleGuard,
}) => {
  await newMemberOn(page, { name: "Retry Writer" });
  const attempts: Attempt[] = [];
  let cutFirst = true;
  await page.route("**/api/discussions", async (route: Route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    // Sent to the server for real; its answer is then dropped or passed on.
    const response = await route.fetch();
    attempts.push({
      key: request.headers()["idempotency-key"],
      status: response.status(),
      replayed: response.headers()["idempotent-replayed"],
    });
    if (cutFirst) {
      cutFirst = false;
      return route.abort("connectionreset");
    }
    return route.fulfill({ response });
  });
  // The lost answer: Chromium logs the reset connection.
  consoleGuard.allow(/Failed to load resource: net::ERR_CONNECTION_RESET.*\/api\/discussions\)$/);

  const title = `Cut off ${token()}`;
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Content").fill("Sent once, answered twice.");
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByText("Discussion created successfully!")).toBeVisible();

  // The server created it on the first attempt; the retry carried the same key and was
  // answered with that first answer.
  expect(attempts).toHaveLength(2);
  const [first, retry] = attempts;
  expect(first?.status).toBe(201);
  expect(first?.replayed).toBeUndefined();
  expect(first?.key).toMatch(UUID);
  expect(retry?.key).toBe(first?.key);
  expect(retry?.status).toBe(201);
  expect(retry?.replayed).toBe("true");

  const found = await page.request.get(`/api/discussions?q=${encodeURIComponent(title)}`);
  const { items } = (await found.json()) as DiscussionPage;
  expect(items.map((item) => item.title)).toEqual([title]);
  // The new discussion opens (docs/decisions/064).
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  // The next submission is a new one, with a new key (and it is not cut off).
  const second = `Next ${token()}`;
  await page.goto("/discussion");
  await page.getByRole("button", { name: "New discussion" }).click();
  await page.getByLabel("Category", { exact: true }).selectOption({ label: "Rants & Vents" });
  await page.getByLabel("Title").fill(second);
  await page.getByLabel("Content").fill("Another one.");
  await page.getByRole("button", { name: "Create discussion" }).click();
  await expect(page.getByRole("heading", { level: 1, name: second })).toBeVisible();
  expect(attempts).toHaveLength(3);
  expect(attempts[2]?.key).toMatch(UUID);
  expect(attempts[2]?.key).not.toBe(first?.key);
  expect(attempts[2]?.replayed).toBeUndefined();
});
