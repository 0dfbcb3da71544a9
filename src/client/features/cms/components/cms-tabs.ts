// The CMS tabs and who sees them (SPEC §6). Each tab's code downloads when it is first shown.
import { type ComponentType, type LazyExoticComponent, lazy } from "react";
import type { Capability } from "../../../../shared/permissions";

export type CmsTab = {
  id: string;
  label: string;
  capability: Capability;
  Component: LazyExoticComponent<ComponentType>;
};

export const CMS_TABS: readonly CmsTab[] = [
  {
    id: "overview",
    label: "Overview",
    capability: "cmsAccess",
    Component: lazy(async () => ({ default: (await import("./overview-tab")).OverviewTab })),
  },
  {
    id: "blog",
    label: "Blog posts",
    capability: "cmsBlog",
    Component: lazy(async () => ({ default: (await import("./blog-posts-tab")).BlogPostsTab })),
  },
  {
    id: "discussions",
    label: "Discussions",
    capability: "moderateDiscussions",
    Component: lazy(async () => ({
      default: (await import("./discussions-tab")).DiscussionsTab,
    })),
  },
  {
    id: "users",
    label: "Users",
    capability: "manageUsers",
    Component: lazy(async () => ({ default: (await import("./users-tab")).UsersTab })),
  },
  {
    id: "hero-words",
    label: "Hero Words",
    capability: "heroWords",
    Component: lazy(async () => ({ default: (await import("./hero-words-tab")).HeroWordsTab })),
  },
  {
    id: "inbox",
    label: "Inbox",
    capability: "inbox",
    Component: lazy(async () => ({ default: (await import("./inbox-tab")).InboxTab })),
  },
];
