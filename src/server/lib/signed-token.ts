// A signed token: a claim (JSON, base64url) and its keyed hash under the auth secret
// (lib/keyed-hash.ts), `payload.mac`. `purpose` keeps each kind apart, so one kind's token is
// never valid as another's; `schema` says what a claim holds, so a read returns it typed.
// Nothing is stored: a token stays valid for as long as its reader accepts it.
import type { z } from "zod";
import { keyedHash, keyedHashMatches } from "./keyed-hash";

export type SignedToken<Schema extends z.ZodType> = {
  issue(secret: string, claim: z.input<Schema>): string;
  /** The claim of a token made for this purpose under `secret`; null for anything else. */
  read(secret: string, token: string): z.output<Schema> | null;
};

export function signedToken<Schema extends z.ZodType>(
  purpose: string,
  schema: Schema,
): SignedToken<Schema> {
  return {
    issue(secret, claim) {
      const payload = Buffer.from(JSON.stringify(claim)).toString("base64url");
      return `${payload}.${keyedHash(secret, purpose, payload)}`;
    },
    read(secret, token) {
      const [payload, mac, extra] = token.split(".");
      if (!payload || !mac || extra !== undefined) return null;
      if (!keyedHashMatches(secret, purpose, payload, mac)) return null;
      let claim: unknown;
      try {
        claim = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      const parsed = schema.safeParse(claim);
      return parsed.success ? parsed.data : null;
    },
  };
}
