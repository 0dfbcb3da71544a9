// A tag's links, apart from shared/tags.ts's form rules so that a page showing tags carries
// no schema code (the budget of bench/budget.test.ts).

/** The address of the forum's list narrowed to one tag (docs/decisions/067). */
export const tagPath = (tag: string) => `/discussion?tag=${encodeURIComponent(tag)}`;
