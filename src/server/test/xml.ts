// Reading the XML documents the server writes (feeds, sitemaps) the way a feed reader or a
// crawler would: validated first, then parsed with fast-xml-parser, never matched as text.
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { expect } from "vitest";

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  // Every text as written: a title of digits stays a string, CDATA sections join their text.
  parseTagValue: false,
  trimValues: false,
  isArray: (name) => ["item", "url", "sitemap"].includes(name),
});

/** The document parsed, after checking it is well-formed XML. */
export function parseXml(xml: string): Record<string, unknown> {
  expect(XMLValidator.validate(xml), "well-formed XML").toBe(true);
  return parser.parse(xml) as Record<string, unknown>;
}

export type RssItem = {
  title: string;
  link: string;
  guid: { "#text": string; "@isPermaLink": string };
  pubDate: string;
  description: string;
};

export type RssChannel = {
  title: string;
  link: string;
  description: string;
  lastBuildDate: string;
  "atom:link"?: { "@href": string; "@rel": string; "@type": string };
  item?: RssItem[];
};

/** An RSS 2.0 document's channel, after checking the parts RSS 2.0 requires. */
export function parseRss(xml: string): RssChannel {
  const document = parseXml(xml) as { rss?: { "@version"?: string; channel?: RssChannel } };
  expect(document.rss?.["@version"]).toBe("2.0");
  const channel = document.rss?.channel;
  if (!channel) throw new Error("no channel");
  // RSS 2.0's required channel elements, and a title or description on every item.
  for (const field of ["title", "link", "description"] as const) {
    expect(typeof channel[field], `channel ${field}`).toBe("string");
  }
  for (const item of channel.item ?? []) {
    expect(item.title || item.description, "item title or description").toBeTruthy();
    expect(Number.isNaN(Date.parse(item.pubDate)), `pubDate ${item.pubDate}`).toBe(false);
  }
  return channel;
}
