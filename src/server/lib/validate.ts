import { validator } from "hono/validator";
import { z } from "zod";
import { HttpError } from "./http-error";

/** The first message per field, keyed by the field's path ("" for the body itself). */
export function fieldMessages(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join(".");
    fields[key] ??= issue.message;
  }
  return fields;
}

export function invalidInput(error: z.ZodError): HttpError {
  const fields = fieldMessages(error);
  const first = error.issues[0]?.message ?? "Invalid input";
  return new HttpError(400, first, { fields });
}

export const NUL_CHARACTER_MESSAGE = "Contains a character that is not allowed";

/**
 * The path of the first string holding a NUL character, or null. PostgreSQL text cannot store
 * NUL at all (the insert would fail with a 500), and no form sends one.
 */
function pathWithNul(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === "string") return value.includes("\u0000") ? path : null;
  if (value === null || typeof value !== "object") return null;
  for (const [key, item] of Object.entries(value)) {
    if (key.includes("\u0000")) return [...path, key];
    const found = pathWithNul(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

function refuseNul(value: unknown): void {
  const path = pathWithNul(value);
  if (path) {
    throw new HttpError(400, NUL_CHARACTER_MESSAGE, {
      fields: { [path.join(".")]: NUL_CHARACTER_MESSAGE },
    });
  }
}

/** Validates (and cleans, per the schema's transforms) a JSON body with a shared zod schema. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return validator("json", (value): z.output<Schema> => {
    refuseNul(value);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalidInput(parsed.error);
    return parsed.data;
  });
}

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** Whether the request is a plain HTML form's POST (a page used before its script started). */
export function isFormPost(contentType: string | undefined): boolean {
  return FORM_TYPES.has(contentType?.split(";")[0]?.trim().toLowerCase() ?? "");
}

/**
 * Like jsonBody, but a page's plain form may send the same fields (a link's page that must
 * work without JavaScript, docs/decisions/049): form fields are validated as the JSON would be.
 */
export function jsonOrFormBody<Schema extends z.ZodType>(schema: Schema) {
  return validator("json", async (value, c): Promise<z.output<Schema>> => {
    const input = isFormPost(c.req.header("content-type"))
      ? await c.req.parseBody().catch(() => ({}))
      : value;
    refuseNul(input);
    const parsed = schema.safeParse(input);
    if (!parsed.success) throw invalidInput(parsed.error);
    return parsed.data;
  });
}

/** A list's `search` query parameter (members, users): trimmed; empty means no search. */
export const searchParam = z
  .string()
  .trim()
  .max(100, "Search is too long (max 100 characters)")
  .optional()
  .default("");

/**
 * What queryParams hands a route for the query `value`, or null where it answers 400: the
 * server's render of a page asks its data with the query the page's fetch would send.
 */
export function validQuery<Schema extends z.ZodType>(
  schema: Schema,
  value: unknown,
): z.output<Schema> | null {
  if (pathWithNul(value)) return null;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Validates query parameters with a shared zod schema. */
export function queryParams<Schema extends z.ZodType>(schema: Schema) {
  return validator("query", (value): z.output<Schema> => {
    refuseNul(value);
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalidInput(parsed.error);
    return parsed.data;
  });
}
