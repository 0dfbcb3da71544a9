import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { formatCount } from "./format-count";

describe("formatCount", () => {
  it("groups thousands the site's way", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(10_000)).toBe("10,000");
    expect(formatCount(1_234_567)).toBe("1,234,567");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(-1_000)).toBe("-1,000");
  });

  it("writes the same in a process whose locale is German (a server's or a browser's)", () => {
    // The server renders in its locale and a reader's browser hydrates in theirs: a count
    // written in the environment's locale (toLocaleString()) would read "10.000" here.
    const module = fileURLToPath(new URL("./format-count.ts", import.meta.url));
    const printed = execFileSync(
      process.execPath,
      [
        "--import",
        "tsx",
        "--input-type=module",
        "-e",
        `const { formatCount } = await import(${JSON.stringify(module)});
         console.log(formatCount(10000), (10000).toLocaleString());`,
      ],
      { env: { ...process.env, LC_ALL: "de_DE.UTF-8" }, encoding: "utf8" },
    );
    expect(printed.trim()).toBe("10,000 10.000");
  });
});
