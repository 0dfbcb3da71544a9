// The title and link preview of the forum narrowed to a tag, /discussion?tag={name} (issue 41,
// docs/decisions/067), filled in on the server. A tag nobody may see is not found (404), as the
// list's API answers.
import type { Db } from "@/server/db/client";
import { requireListedTag } from "@/server/domain/tags/tags";
import { HttpError } from "@/server/lib/http-error";
import type { PageMetaResolver } from "@/server/lib/page-meta";
import { TAG_NOT_FOUND } from "@/shared/tags";

const FORUM_PATH = /^\/discussion\/?$/;

export function tagPageMeta(db: Db): PageMetaResolver {
  return async (pathname, search = "") => {
    if (!FORUM_PATH.test(pathname)) return null;
    const input = new URLSearchParams(search).get("tag")?.trim();
    if (!input) return null;
    try {
      // The page is made for everyone: the public rule, whoever asks.
      const { name } = await requireListedTag(db, null, input);
      return {
        title: `Discussions tagged #${name}`,
        description: `Discussions tagged #${name}: browse, search and join in.`,
        found: true,
      };
    } catch (error) {
      if (!(error instanceof HttpError) || error.status !== 404) throw error;
      return { title: TAG_NOT_FOUND, description: TAG_NOT_FOUND, found: false };
    }
  };
}
