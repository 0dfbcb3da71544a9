// What the browser sends about a member's reading (issue 42, docs/decisions/071).
import { z } from "zod";

/** PUT /api/discussions/{id}/read: the highest reply (its seq) the page has shown; 0 for none. */
export const readPositionSchema = z.object({
  seq: z
    .number({ error: "Position must be a number" })
    .int("Position must be a whole number")
    .min(0, "Position must be 0 or more")
    .max(Number.MAX_SAFE_INTEGER, "Position is too large"),
});

/** POST /api/discussions/mark-all-read: everything, or one category's discussions. */
export const markAllReadSchema = z.object({
  category: z.string().max(50, "Category not found").optional(),
});
