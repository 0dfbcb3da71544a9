import { Hono } from "hono";
import type { ReceivedResponse } from "../../../shared/api-types";
import { contactSchema } from "../../../shared/schemas";
import { getViewer } from "../../auth/viewer";
import type { AppEnv } from "../../context";
import { contactMessages } from "../../db/schema";
import type { RateLimitRule } from "../../lib/rate-limit";
import { jsonBody } from "../../lib/validate";

export const CONTACT_LIMIT = {
  name: "contact",
  max: 5,
  windowSeconds: 600,
  message: "Too many messages. Please try again in a few minutes.",
} satisfies RateLimitRule;

/**
 * POST /api/contact: the SPEC's contact form sends nothing; we keep the message for the staff
 * to read (DESIGN "Deliberate improvements"), with the sender's account when signed in.
 */
export const contactRoutes = new Hono<AppEnv>().post("/", jsonBody(contactSchema), async (c) => {
  const { deps, clientIp } = c.var;
  await deps.rateLimiter.hit(CONTACT_LIMIT, clientIp);
  const input = c.req.valid("json");
  const viewer = await getViewer(c);
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ ...input, email: input.email.toLowerCase(), userId: viewer?.id ?? null })
    .returning({ id: contactMessages.id });
  if (!row) throw new Error("contact message insert returned no row");
  const body: ReceivedResponse = { id: row.id };
  return c.json(body, 201);
});
