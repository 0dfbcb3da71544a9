// The shapes of the ids the API takes in paths and cursors, and the one way a route reads an id
// from its path. Query functions trust the ids they are given: a value that cannot be an id
// (a NUL character, which PostgreSQL would refuse with an error) is turned away here, as the
// resource's own 404, before any SQL runs.
import type { Context } from "hono";
import { HttpError } from "./http-error";

/** Ids the database generates (gen_random_uuid()): discussions, posts, words, requests, sessions. */
export const UUID_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** better-auth's user ids (profiles share them). */
export const TEXT_ID = /^[A-Za-z0-9_-]{1,100}$/;

/** The path parameter `name` when it has the shape `pattern`; else 404 with `notFound`. */
export function idParam(c: Context, name: string, pattern: RegExp, notFound: string): string {
  const id = c.req.param(name) ?? "";
  if (!pattern.test(id)) throw new HttpError(404, notFound);
  return id;
}

/** A UUID path parameter, or 404 with `notFound`: nothing else can name the row. */
export function uuidParam(c: Context, name: string, notFound: string): string {
  return idParam(c, name, UUID_ID, notFound);
}

/** A member's id in the path (better-auth's shape), or 404 with `notFound`. */
export function memberIdParam(c: Context, name: string, notFound: string): string {
  return idParam(c, name, TEXT_ID, notFound);
}
