import { describe, expect, it } from "vitest";
import { ApiError } from "./api-client";
import { createSubmissionKeys, newSubmissionKey } from "./submission-keys";

const counter = () => {
  let n = 0;
  return () => `key-${++n}`;
};

const networkError = new ApiError(0, "NETWORK_ERROR", "An unexpected error occurred.");

describe("submission keys", () => {
  it("reuses the key to retry the same content after no answer (network, 5xx)", () => {
    const keys = createSubmissionKeys(counter());
    expect(keys.keyFor({ title: "A" })).toBe("key-1");
    keys.settle({ error: networkError });
    expect(keys.keyFor({ title: "A" })).toBe("key-1");
    keys.settle({ error: new ApiError(502, "UNEXPECTED", "Bad gateway") });
    expect(keys.keyFor({ title: "A" })).toBe("key-1");
  });

  it("gives changed content a new key", () => {
    const keys = createSubmissionKeys(counter());
    keys.keyFor({ title: "A" });
    keys.settle({ error: networkError });
    expect(keys.keyFor({ title: "B" })).toBe("key-2");
  });

  it("starts a new submission after any answer: a success or a refusal", () => {
    const keys = createSubmissionKeys(counter());
    keys.keyFor({ title: "A" });
    keys.settle({});
    expect(keys.keyFor({ title: "A" })).toBe("key-2");
    keys.settle({ error: new ApiError(429, "RATE_LIMITED", "Too fast") });
    expect(keys.keyFor({ title: "A" })).toBe("key-3");
  });

  it("makes UUIDs, with or without crypto.randomUUID (plain HTTP is not a secure context)", () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newSubmissionKey()).toMatch(uuid);
    const original = crypto.randomUUID;
    try {
      Object.defineProperty(crypto, "randomUUID", { value: undefined, configurable: true });
      const keys = new Set(Array.from({ length: 50 }, newSubmissionKey));
      expect(keys.size).toBe(50);
      for (const key of keys) expect(key).toMatch(uuid);
    } finally {
      Object.defineProperty(crypto, "randomUUID", { value: original, configurable: true });
    }
  });
});
