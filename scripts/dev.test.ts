// `npm run dev` starts the server and Vite with one environment: Vite's proxy must reach the
// server on the PORT it was given, not on 3000 whatever PORT says.
import type { UserConfig } from "vite";
import { afterEach, expect, it, vi } from "vitest";
import viteConfig from "../vite.config";

afterEach(() => {
  vi.unstubAllEnvs();
});

function proxyTargets(): unknown[] {
  const config = (viteConfig as (env: { mode: string; command: string }) => UserConfig)({
    mode: "development",
    command: "serve",
  });
  const proxy = config.server?.proxy ?? {};
  return Object.values(proxy).map((rule) => (typeof rule === "string" ? rule : rule.target));
}

it("proxies /api and /uploads to the server's PORT", () => {
  vi.stubEnv("API_PORT", "");
  vi.stubEnv("PORT", "4123");
  expect(proxyTargets()).toEqual(["http://localhost:4123", "http://localhost:4123"]);
});

it("proxies to 3000 when PORT is unset, and to API_PORT when that names another server", () => {
  vi.stubEnv("API_PORT", "");
  vi.stubEnv("PORT", "");
  expect(proxyTargets()).toEqual(["http://localhost:3000", "http://localhost:3000"]);
  vi.stubEnv("PORT", "4123");
  vi.stubEnv("API_PORT", "4999");
  expect(proxyTargets()).toEqual(["http://localhost:4999", "http://localhost:4999"]);
});
