import { createElement, type ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { StaticLocation, useLocation, useSearchParams } from "./location";

function Shown() {
  const [params] = useSearchParams();
  const { pathname, search } = useLocation();
  return `${pathname}|${search}|${params.get("q")}`;
}

const under = (location: (children: ReactNode) => ReactNode) =>
  renderToStaticMarkup(location(createElement(Shown)));

describe("the location and wouter's query hooks", () => {
  it("reads %2541 in the query as %41, as URLSearchParams does", () => {
    // wouter's useSearch decodes the query before it is parsed, which would give "A".
    expect(
      under((children) =>
        createElement(StaticLocation, { location: "/discussion?q=%2541&r=a%20b" }, children),
      ),
    ).toBe("/discussion|?q=%2541&amp;r=a%20b|%41");
  });

  it("has an empty search without a query", () => {
    expect(
      under((children) => createElement(StaticLocation, { location: "/members" }, children)),
    ).toBe("/members||null");
  });
});
