// The CMS Settings tab (admins; docs/decisions/034): site-wide settings kept in the database.
import { useEffect, useState } from "react";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { Input } from "@/client/components/ui/input";
import { NativeSelect } from "@/client/components/ui/native-select";
import { Switch } from "@/client/components/ui/switch";
import {
  useSaveSiteSettings,
  useSiteSettings,
} from "@/client/features/site-settings/api/site-settings";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { ROLES, type Role } from "@/shared/permissions";
import { REACTION_KINDS, REACTION_LOOKS, type ReactionKind } from "@/shared/reactions";
import {
  isSearchLanguage,
  MEMBER_TAG_MIN_POSTS_MAX,
  SEARCH_LANGUAGE_LABELS,
  SEARCH_LANGUAGES,
  type SearchLanguage,
  SITE_SETTING_LABELS,
} from "@/shared/site-settings";
import { CheckboxGroupCard } from "./checkbox-group-card";

const ROLE_LABELS: Record<Role, string> = {
  user: "User",
  author: "Author",
  moderator: "Moderator",
  admin: "Admin",
};

export function SettingsTab() {
  const settings = useSiteSettings();
  const save = useSaveSiteSettings();
  const { label, hint } = SITE_SETTING_LABELS.holdNewMembersFirstPost;
  return (
    <div className="flex flex-col gap-6">
      <TabHeader title="Settings" description="Site-wide settings. Each change is logged." />
      {settings.isPending ? (
        <p className="text-muted-foreground text-sm">Loading settings...</p>
      ) : settings.isError ? (
        <div className="flex items-center gap-3 text-sm">
          <p>Failed to load settings.</p>
          <Button variant="outline" size="sm" onClick={() => void settings.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          <Card className="flex flex-row items-start justify-between gap-4 p-4">
            <div className="flex flex-col gap-1">
              <label htmlFor="setting-hold-first-post" className="font-medium text-sm">
                {label}
              </label>
              <p id="setting-hold-first-post-hint" className="text-muted-foreground text-sm">
                {hint}
              </p>
            </div>
            <Switch
              id="setting-hold-first-post"
              aria-describedby="setting-hold-first-post-hint"
              checked={settings.data.holdNewMembersFirstPost}
              disabled={save.isPending}
              onCheckedChange={(on) =>
                save.mutate(
                  { holdNewMembersFirstPost: on },
                  {
                    onSuccess: () =>
                      toast.success(
                        on ? "New members' first posts are held" : "Holding turned off",
                      ),
                    onError: () => toast.error("The setting was not saved. Please try again."),
                  },
                )
              }
            />
          </Card>
          <SecondFactorRolesCard
            roles={settings.data.secondFactorRoles}
            disabled={save.isPending}
            onChange={(secondFactorRoles) =>
              save.mutate(
                { secondFactorRoles },
                {
                  onSuccess: () => toast.success("Two-factor requirement saved"),
                  onError: () => toast.error("The setting was not saved. Please try again."),
                },
              )
            }
          />
          <TagCreationCard
            minPosts={settings.data.memberTagMinPosts}
            disabled={save.isPending}
            onChange={(memberTagMinPosts) =>
              save.mutate(
                { memberTagMinPosts },
                {
                  onSuccess: () => toast.success("Who can create tags saved"),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          />
          <SearchLanguageCard
            language={settings.data.searchLanguage}
            disabled={save.isPending}
            onChange={(searchLanguage) =>
              save.mutate(
                { searchLanguage },
                {
                  onSuccess: () =>
                    toast.success("Search language saved: the index is being rebuilt"),
                  onError: (error) => toast.error(errorMessage(error)),
                },
              )
            }
          />
          <ReactionKindsCard
            kinds={settings.data.reactionKinds}
            disabled={save.isPending}
            onChange={(reactionKinds) =>
              save.mutate(
                { reactionKinds },
                {
                  onSuccess: () => toast.success("Reactions saved"),
                  onError: () => toast.error("The setting was not saved. Please try again."),
                },
              )
            }
          />
        </>
      )}
    </div>
  );
}

/** The language search reads words in (decision 074); a change rebuilds the index. */
function SearchLanguageCard({
  language,
  disabled,
  onChange,
}: {
  language: SearchLanguage;
  disabled: boolean;
  onChange: (language: SearchLanguage) => void;
}) {
  const { label, hint } = SITE_SETTING_LABELS.searchLanguage;
  return (
    <Card className="grid gap-2 p-4">
      <label htmlFor="setting-search-language" className="font-medium text-sm">
        {label}
      </label>
      <p id="setting-search-language-hint" className="text-muted-foreground text-sm">
        {hint}
      </p>
      <NativeSelect
        id="setting-search-language"
        className="max-w-xs"
        aria-describedby="setting-search-language-hint"
        value={language}
        disabled={disabled}
        onChange={(event) => {
          const chosen = event.target.value;
          if (isSearchLanguage(chosen) && chosen !== language) onChange(chosen);
        }}
      >
        {SEARCH_LANGUAGES.map((option) => (
          <option key={option} value={option}>
            {SEARCH_LANGUAGE_LABELS[option]}
          </option>
        ))}
      </NativeSelect>
    </Card>
  );
}

/** Which reactions members may add (decision 075): one box per kind. */
function ReactionKindsCard({
  kinds,
  disabled,
  onChange,
}: {
  kinds: ReactionKind[];
  disabled: boolean;
  onChange: (kinds: ReactionKind[]) => void;
}) {
  return (
    <CheckboxGroupCard
      {...SITE_SETTING_LABELS.reactionKinds}
      hintId="setting-reactions-hint"
      options={REACTION_KINDS}
      checked={kinds}
      optionLabel={(kind) => (
        <>
          <span aria-hidden="true">{REACTION_LOOKS[kind].emoji}</span>
          {REACTION_LOOKS[kind].label}
        </>
      )}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/** Which roles must use a second factor (decision 060): one box per role. */
function SecondFactorRolesCard({
  roles,
  disabled,
  onChange,
}: {
  roles: Role[];
  disabled: boolean;
  onChange: (roles: Role[]) => void;
}) {
  return (
    <CheckboxGroupCard
      {...SITE_SETTING_LABELS.secondFactorRoles}
      hintId="setting-second-factor-hint"
      options={ROLES}
      checked={roles}
      optionLabel={(role) => ROLE_LABELS[role]}
      disabled={disabled}
      onChange={onChange}
    />
  );
}

/**
 * Who creates a tag by posting with it (docs/decisions/067): staff only, or members too once
 * they have written a number of posts. The number is saved when the field is left.
 */
function TagCreationCard({
  minPosts,
  disabled,
  onChange,
}: {
  minPosts: number | null;
  disabled: boolean;
  onChange: (minPosts: number | null) => void;
}) {
  const { label, hint } = SITE_SETTING_LABELS.memberTagMinPosts;
  const [posts, setPosts] = useState(String(minPosts ?? 5));
  useEffect(() => {
    if (minPosts !== null) setPosts(String(minPosts));
  }, [minPosts]);
  const membersToo = minPosts !== null;
  const number = Number(posts);
  const valid = posts.trim() !== "" && Number.isInteger(number) && number >= 0;
  return (
    <Card className="grid gap-3 p-4">
      <fieldset className="grid gap-3" aria-describedby="setting-tags-hint">
        <legend className="font-medium text-sm">{label}</legend>
        <p id="setting-tags-hint" className="text-muted-foreground text-sm">
          {hint}
        </p>
        <label className="flex items-center gap-2 text-sm">
          <input
            type="radio"
            name="tag-creation"
            className="size-4 accent-primary"
            checked={!membersToo}
            disabled={disabled}
            onChange={() => onChange(null)}
          />
          Staff only
        </label>
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="tag-creation"
              className="size-4 accent-primary"
              checked={membersToo}
              disabled={disabled || !valid}
              onChange={() => onChange(number)}
            />
            Staff, and members with at least
          </label>
          <Input
            type="number"
            inputMode="numeric"
            min={0}
            max={MEMBER_TAG_MIN_POSTS_MAX}
            className="w-24"
            aria-label="Posts a member needs to create tags"
            value={posts}
            disabled={disabled}
            onChange={(event) => setPosts(event.target.value)}
            onBlur={() => {
              if (membersToo && valid && number !== minPosts) onChange(number);
            }}
          />
          <span>posts</span>
        </div>
      </fieldset>
    </Card>
  );
}
