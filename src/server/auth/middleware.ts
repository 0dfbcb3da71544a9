// The permission middleware every route uses (docs/product.md §6): `signedIn` and `allowedTo`.
// They run before body and query validation, so a caller without the right learns nothing
// about valid input, and they hand the handler a viewer that cannot be null: after them,
// `c.var.viewer` is typed `Viewer` (docs/decisions/015).
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv } from "@/server/context";
import { HttpError } from "@/server/lib/http-error";
import { type Capability, can } from "@/shared/permissions";
import { getViewer, type Viewer } from "./viewer";

/** What the handlers after `signedIn` or `allowedTo` see: the signed-in member, never null. */
export type SignedInEnv = {
  Variables: AppEnv["Variables"] & { viewer: Viewer };
};

const SIGNED_OUT_MESSAGE = "You must be signed in";

async function signedInViewer(c: Context<SignedInEnv>, message: string): Promise<Viewer> {
  const viewer = await getViewer(c);
  if (!viewer) throw new HttpError(401, message);
  return viewer;
}

/** 401 with `message` when signed out. */
export function signedIn(message = SIGNED_OUT_MESSAGE): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    c.set("viewer", await signedInViewer(c, message));
    await next();
  };
}

/** 401 when signed out, 403 without `capability`. */
export function allowedTo(capability: Capability): MiddlewareHandler<SignedInEnv> {
  return async (c, next) => {
    const viewer = await signedInViewer(c, SIGNED_OUT_MESSAGE);
    if (!can(viewer.role, capability)) {
      throw new HttpError(403, "You don't have permission to do this");
    }
    c.set("viewer", viewer);
    await next();
  };
}
