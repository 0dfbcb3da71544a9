import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticLocation } from "@/client/lib/location";
import { Link, routerFollows } from "./link";

const leftClick = {
  button: 0,
  metaKey: false,
  altKey: false,
  ctrlKey: false,
  shiftKey: false,
  defaultPrevented: false,
};

describe("Link", () => {
  it("is a plain anchor: its path, its own attributes, nothing else", () => {
    const markup = renderToStaticMarkup(
      createElement(
        StaticLocation,
        { location: "/" },
        createElement(
          Link,
          { to: "/discussion/1?reply=2", className: "x", "aria-label": "A" },
          "hi",
        ),
      ),
    );
    expect(markup).toBe('<a class="x" aria-label="A" href="/discussion/1?reply=2">hi</a>');
  });

  it("leaves the router a plain left click on a path of this site", () => {
    expect(routerFollows(leftClick, undefined, "/members")).toBe(true);
    expect(routerFollows(leftClick, "_self", "/profile/1")).toBe(true);
  });

  it("leaves new tabs, windows, downloads and other sites to the browser", () => {
    for (const modifier of ["metaKey", "altKey", "ctrlKey", "shiftKey"] as const) {
      expect(routerFollows({ ...leftClick, [modifier]: true }, undefined, "/members")).toBe(false);
    }
    expect(routerFollows({ ...leftClick, button: 1 }, undefined, "/members")).toBe(false);
    expect(routerFollows({ ...leftClick, button: 2 }, undefined, "/members")).toBe(false);
    expect(routerFollows(leftClick, "_blank", "/members")).toBe(false);
    expect(routerFollows(leftClick, undefined, "//evil.example/x")).toBe(false);
    expect(routerFollows(leftClick, undefined, "https://example.com/")).toBe(false);
    expect(routerFollows(leftClick, undefined, "mailto:a@example.com")).toBe(false);
  });

  it("leaves a click that a handler has taken", () => {
    expect(routerFollows({ ...leftClick, defaultPrevented: true }, undefined, "/members")).toBe(
      false,
    );
  });
});
