// Settings admins change in the CMS Settings tab (docs/decisions/034), stored in the database
// (site_settings) so that they hold across instances and restarts without a redeploy. What an
// operator sets once for the machine stays in the environment (docs/architecture.md
// "Configuration").

import { ROLES, type Role } from "./permissions";
import { REACTION_KINDS, type ReactionKind } from "./reactions";
import { z } from "./zod";

export type SiteSettings = {
  /**
   * Hold a new member's first discussion or reply for review (docs/product.md §11): only its
   * author sees it until a moderator approves it. Off by default.
   */
  holdNewMembersFirstPost: boolean;
  /**
   * The roles whose members must use a second factor (docs/decisions/060): enforced on every
   * request, for existing sessions too. Admins and moderators by default.
   */
  secondFactorRoles: Role[];
  /**
   * Who creates a tag by posting with it (docs/decisions/067): staff only (null), or also any
   * member with at least this many posts (discussions and replies). Staff only by default.
   */
  memberTagMinPosts: number | null;
  /**
   * The language search reads words in (decision 074): its stemming ("ranting" finds "rant")
   * and stop words. A change rewrites the search index in the background.
   */
  searchLanguage: SearchLanguage;
  /**
   * The reactions members may add (docs/decisions/075), in the set's order. A kind turned off is
   * neither offered nor shown; its reactions are kept. All on by default.
   */
  reactionKinds: ReactionKind[];
};

/** PostgreSQL's text search configurations, each a language's stemmer; `simple` has none. */
export const SEARCH_LANGUAGES = [
  "english",
  "danish",
  "dutch",
  "finnish",
  "french",
  "german",
  "hungarian",
  "italian",
  "norwegian",
  "portuguese",
  "romanian",
  "russian",
  "spanish",
  "swedish",
  "turkish",
  "simple",
] as const;
export type SearchLanguage = (typeof SEARCH_LANGUAGES)[number];

export const SEARCH_LANGUAGE_LABELS: Record<SearchLanguage, string> = {
  english: "English",
  danish: "Danish",
  dutch: "Dutch",
  finnish: "Finnish",
  french: "French",
  german: "German",
  hungarian: "Hungarian",
  italian: "Italian",
  norwegian: "Norwegian",
  portuguese: "Portuguese",
  romanian: "Romanian",
  russian: "Russian",
  spanish: "Spanish",
  swedish: "Swedish",
  turkish: "Turkish",
  simple: "None (exact words only)",
};

export function isSearchLanguage(value: unknown): value is SearchLanguage {
  return typeof value === "string" && (SEARCH_LANGUAGES as readonly string[]).includes(value);
}

export const DEFAULT_SITE_SETTINGS: SiteSettings = {
  holdNewMembersFirstPost: false,
  secondFactorRoles: ["moderator", "admin"],
  memberTagMinPosts: null,
  searchLanguage: "english",
  reactionKinds: [...REACTION_KINDS],
};

export const MEMBER_TAG_MIN_POSTS_MAX = 10_000;
const MIN_POSTS_MESSAGE = `Posts must be a whole number from 0 to ${MEMBER_TAG_MIN_POSTS_MAX}`;

/** PUT /api/cms/settings: the settings to change (any subset). */
export const siteSettingsSchema = z
  .object({
    holdNewMembersFirstPost: z.boolean({ error: "Choose on or off" }).optional(),
    secondFactorRoles: z
      .array(z.enum(ROLES, { error: "Choose roles from the list" }), {
        error: "Choose roles from the list",
      })
      .max(ROLES.length)
      .transform((roles) => ROLES.filter((role) => roles.includes(role)))
      .optional(),
    memberTagMinPosts: z
      .number({ error: MIN_POSTS_MESSAGE })
      .int(MIN_POSTS_MESSAGE)
      .min(0, MIN_POSTS_MESSAGE)
      .max(MEMBER_TAG_MIN_POSTS_MAX, MIN_POSTS_MESSAGE)
      .nullable()
      .optional(),
    searchLanguage: z
      .enum(SEARCH_LANGUAGES, { error: "Choose a language from the list" })
      .optional(),
    reactionKinds: z
      .array(z.enum(REACTION_KINDS, { error: "Choose reactions from the list" }), {
        error: "Choose reactions from the list",
      })
      .max(REACTION_KINDS.length)
      .transform((kinds) => REACTION_KINDS.filter((kind) => kinds.includes(kind)))
      .optional(),
  })
  .strict();

export type SiteSettingsInput = z.infer<typeof siteSettingsSchema>;

export const SITE_SETTING_LABELS: Record<keyof SiteSettings, { label: string; hint: string }> = {
  holdNewMembersFirstPost: {
    label: "Hold new members' first post for review",
    hint: "A new member's first discussion or reply (an account under 24 hours old, or with fewer than 3 posts) waits in the Reports tab until a moderator approves it. Only its author sees it meanwhile.",
  },
  secondFactorRoles: {
    label: "Require two-factor authentication",
    hint: "Members with these roles must set up an authenticator app before they can do anything else. It applies at once, to members already signed in too.",
  },
  searchLanguage: {
    label: "Search language",
    hint: "Search finds other forms of a word in this language (\u201crant\u201d finds \u201cranting\u201d) and leaves out its most common words. Changing it rebuilds the search index in the background: on a large site this takes a while, and search finds less until it is done.",
  },
  reactionKinds: {
    label: "Reactions",
    hint: "The reactions members can add to discussions and replies. Turning one off hides it everywhere; the reactions already given are kept and come back if you turn it on again.",
  },
  memberTagMinPosts: {
    label: "Who can create tags",
    hint: "Staff can always create tags. You can also let members create a tag by posting with it, once they have written a number of discussions and replies. Members can create at most 10 tags an hour.",
  },
};
