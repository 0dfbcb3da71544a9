// A missing category's texts (docs/product.md §2.1, issue 41), without zod: the page and the
// API say the same.
export const CATEGORY_NOT_FOUND = "Category not found";
export const CATEGORY_NOT_FOUND_DESCRIPTION =
  "This category may have been removed or doesn't exist.";
