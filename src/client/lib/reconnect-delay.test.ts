import { describe, expect, it } from "vitest";
import { MAX_RECONNECT_DELAY_MS, reconnectDelayMs } from "./reconnect-delay";

describe("reconnectDelayMs", () => {
  it("doubles with each failure in a row, up to 30 seconds", () => {
    const longest = (failures: number) => reconnectDelayMs(failures, () => 1);
    expect([1, 2, 3, 4, 5, 6, 10].map(longest)).toEqual([
      2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
  });

  it("takes at most half off at random, so refused tabs do not retry in step", () => {
    expect(reconnectDelayMs(1, () => 0)).toBe(1_000);
    expect(reconnectDelayMs(3, () => 0.5)).toBe(6_000);
    expect(reconnectDelayMs(20, () => 0)).toBe(MAX_RECONNECT_DELAY_MS / 2);
  });

  it("never retries sooner than a second, whatever the count", () => {
    for (const failures of [-1, 0, 1, 2, 50, 2_000]) {
      for (const random of [0, 0.3, 0.999]) {
        const delay = reconnectDelayMs(failures, () => random);
        expect(delay).toBeGreaterThanOrEqual(1_000);
        expect(delay).toBeLessThanOrEqual(MAX_RECONNECT_DELAY_MS);
      }
    }
  });
});
