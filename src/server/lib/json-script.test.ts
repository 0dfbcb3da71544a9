import { describe, expect, it } from "vitest";
import { jsonScript } from "./json-script";

describe("jsonScript", () => {
  const hostile = { title: "</script><script>alert(1)</script><!--", quote: `'"&` };

  it("keeps text that would end the element inside it, and reads back as written", () => {
    const element = jsonScript("application/json", hostile, "data");
    expect(element.startsWith('<script type="application/json" id="data">')).toBe(true);
    const inner = element.slice(element.indexOf(">") + 1, -"</script>".length);
    expect(inner).not.toContain("<");
    expect(JSON.parse(inner)).toEqual(hostile);
  });

  it("writes no id when none is given", () => {
    expect(jsonScript("application/ld+json", { a: 1 })).toBe(
      '<script type="application/ld+json">{"a":1}</script>',
    );
  });
});
