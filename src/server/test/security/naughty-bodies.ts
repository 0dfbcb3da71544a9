// The naughty strings into the fields of every endpoint that takes a body, for the endpoints of
// one part: the endpoints are dealt out by their place in the catalogue.
import { describe, expect, it } from "vitest";
import { FULL, NAUGHTY, startNaughtyRun } from "./naughty-run";

export function naughtyBodies(part: number, parts: number) {
  const run = startNaughtyRun(`naughty strings in bodies, part ${part} of ${parts}`);

  describe(`request bodies, part ${part} of ${parts}`, () => {
    it("takes every naughty string in the fields of every endpoint of this part", async () => {
      const mine = [...run.catalogue.bodies.entries()].filter(
        ([index]) => index % parts === part - 1,
      );
      let endpoints = 0;
      for (const [index, endpoint] of mine) {
        endpoints += 1;
        const fields = Object.keys(endpoint.valid());
        // Password hashing makes sign-up and sign-in slow: the default run sends them one
        // string in eight.
        const step = endpoint.slow && !FULL ? 8 : 1;
        for (const [n, value] of NAUGHTY.entries()) {
          if (n % step !== 0) continue;
          const targets = FULL ? fields : [fields[n % fields.length] as string];
          for (const field of targets) await run.sendValue(index, field, value);
        }
        await run.expectNothingUnsafe(endpoint.name);
      }
      expect(endpoints, "endpoints in this part").toBeGreaterThan(0);
      // Measured: about 96% (the rest are blank once cleaned, or longer than a name or a hero word).
      expect(run.text.stored / run.text.sent, "share of text stored").toBeGreaterThan(0.9);
    }, 900_000);
  });
}
