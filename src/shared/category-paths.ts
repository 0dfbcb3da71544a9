// A category's page and its feed (docs/product.md §2.1, issue 41): no zod here, so the forum's
// list can name them without the schemas' weight.
export const categoryPath = (slug: string) => `/discussion/c/${encodeURIComponent(slug)}`;
export const categoryFeedPath = (slug: string) => `${categoryPath(slug)}/rss.xml`;
export const categoryFeedTitle = (siteName: string, name: string) =>
  `${siteName} discussions: ${name}`;
