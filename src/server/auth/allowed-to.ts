import type { MiddlewareHandler } from "hono";
import type { Capability } from "../../shared/permissions";
import type { AppEnv } from "../context";
import { requireCapability } from "./viewer";

/**
 * Route middleware: 401 when signed out, 403 without `capability` (SPEC §6). It runs before
 * body and query validation, so a caller without the right learns nothing about valid input.
 */
export function allowedTo(capability: Capability): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await requireCapability(c, capability);
    await next();
  };
}
