import { describe, expect, it } from "vitest";
import { acceptsGzip, preferredEncoding, responseEncoding } from "./content-encoding";

describe("content encoding negotiation", () => {
  it("takes gzip when the client names it, with any case and weight above 0", () => {
    for (const header of ["gzip", "gzip, deflate, br", "GZIP", "br;q=1, gzip;q=0.1"]) {
      expect(acceptsGzip(header), header).toBe(true);
    }
  });

  it("refuses gzip at q=0 and when not named", () => {
    for (const header of [
      undefined,
      "",
      "identity",
      "br",
      "gzip;q=0",
      "gzip; q=0.000, br",
      "*, gzip;q=0",
    ]) {
      expect(acceptsGzip(header), String(header)).toBe(false);
    }
  });

  it("reads * as any coding not named", () => {
    expect(acceptsGzip("*")).toBe(true);
    expect(acceptsGzip("br, *;q=0")).toBe(false);
  });

  it("picks the coding weighted highest, the server's order breaking ties", () => {
    expect(preferredEncoding("gzip, br", ["br", "gzip"])).toBe("br");
    expect(preferredEncoding("gzip;q=1, br;q=0.5", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("br;q=0, gzip", ["br", "gzip"])).toBe("gzip");
    expect(preferredEncoding("deflate", ["br", "gzip"])).toBeNull();
  });

  it("compresses the app's responses with gzip first, brotli when ranked higher or alone", () => {
    expect(responseEncoding("gzip, deflate, br, zstd")).toBe("gzip");
    expect(responseEncoding("br")).toBe("br");
    expect(responseEncoding("br;q=1, gzip;q=0.5")).toBe("br");
    expect(responseEncoding("gzip;q=0, br;q=0")).toBeNull();
    expect(responseEncoding(undefined)).toBeNull();
  });
});
