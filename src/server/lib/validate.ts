import { validator } from "hono/validator";
import type { z } from "zod";
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

/** Validates (and cleans, per the schema's transforms) a JSON body with a shared zod schema. */
export function jsonBody<Schema extends z.ZodType>(schema: Schema) {
  return validator("json", (value): z.output<Schema> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalidInput(parsed.error);
    return parsed.data;
  });
}

/** Validates query parameters with a shared zod schema. */
export function queryParams<Schema extends z.ZodType>(schema: Schema) {
  return validator("query", (value): z.output<Schema> => {
    const parsed = schema.safeParse(value);
    if (!parsed.success) throw invalidInput(parsed.error);
    return parsed.data;
  });
}
