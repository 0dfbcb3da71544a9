// /api/cms/settings (docs/decisions/034): the CMS Settings tab, admins only. Each change is
// recorded in the moderation log (who, which setting, on or off, when), in the same transaction.
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import type { Db } from "@/server/db/client";
import { recordModerationAction } from "@/server/domain/moderation/log";
import { FIRST_REINDEX_STEP, SEARCH_REINDEX_QUEUE } from "@/server/domain/search/reindex";
import { readSiteSettings, writeSiteSetting } from "@/server/domain/site/site-settings";
import { jsonBody } from "@/server/lib/validate";
import { REACTION_LOOKS } from "@/shared/reactions";
import {
  SEARCH_LANGUAGE_LABELS,
  type SiteSettings,
  siteSettingsSchema,
} from "@/shared/site-settings";

export const cmsSettingsRoutes = new Hono<AppEnv>()
  .use(allowedTo("siteSettings"))
  .get("/", async (c) => {
    c.header("cache-control", "private, no-store");
    return c.json(await readSiteSettings(c.var.deps.db));
  })
  .put("/", jsonBody(siteSettingsSchema), async (c) => {
    const { deps, viewer } = c.var;
    const changes = c.req.valid("json");
    await deps.db.transaction(async (transaction) => {
      const tx = transaction as unknown as Db;
      const current = await readSiteSettings(tx);
      const logChange = (key: keyof SiteSettings, reason: string) =>
        recordModerationAction(tx, {
          actorId: viewer.id,
          action: "setting",
          targetKind: "setting",
          targetId: key,
          subjectId: null,
          reason,
        });
      const hold = changes.holdNewMembersFirstPost;
      if (hold !== undefined && hold !== current.holdNewMembersFirstPost) {
        await writeSiteSetting(tx, "holdNewMembersFirstPost", hold);
        await logChange("holdNewMembersFirstPost", hold ? "Turned on" : "Turned off");
      }
      const roles = changes.secondFactorRoles;
      if (roles !== undefined && roles.join() !== current.secondFactorRoles.join()) {
        await writeSiteSetting(tx, "secondFactorRoles", roles);
        await logChange(
          "secondFactorRoles",
          roles.length ? `Roles: ${roles.join(", ")}` : "No roles",
        );
      }
      const minPosts = changes.memberTagMinPosts;
      if (minPosts !== undefined && minPosts !== current.memberTagMinPosts) {
        await writeSiteSetting(tx, "memberTagMinPosts", minPosts);
        await logChange(
          "memberTagMinPosts",
          minPosts === null ? "Staff only" : `Members with at least ${minPosts} posts`,
        );
      }
      const language = changes.searchLanguage;
      if (language !== undefined && language !== current.searchLanguage) {
        await writeSiteSetting(tx, "searchLanguage", language);
        await logChange("searchLanguage", `Search language: ${SEARCH_LANGUAGE_LABELS[language]}`);
        // The index is rewritten with the new language, a batch at a time, once this commits.
        await deps.jobs.send(SEARCH_REINDEX_QUEUE, FIRST_REINDEX_STEP, { tx });
      }
      const kinds = changes.reactionKinds;
      if (kinds !== undefined && kinds.join() !== current.reactionKinds.join()) {
        await writeSiteSetting(tx, "reactionKinds", kinds);
        await logChange(
          "reactionKinds",
          kinds.length
            ? `Reactions: ${kinds.map((kind) => REACTION_LOOKS[kind].label).join(", ")}`
            : "No reactions",
        );
      }
    });
    c.header("cache-control", "private, no-store");
    return c.json(await readSiteSettings(deps.db));
  });
