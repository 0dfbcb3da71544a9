// The CMS tabs and who sees them (docs/product.md §2.21, §6). The CMS screen is a shell: each
// tab belongs to the feature whose data it edits (the Discussions tab shares its form and its
// moderation with the forum), and this page composes them. Each tab's code downloads when it
// is first shown.
import { lazy } from "react";
import type { CmsTab } from "@/client/features/cms/components/cms-screen";

export const CMS_TABS: readonly CmsTab[] = [
  {
    id: "overview",
    label: "Overview",
    capability: "cmsAccess",
    Component: lazy(async () => ({
      default: (await import("@/client/features/cms/components/overview-tab")).OverviewTab,
    })),
  },
  {
    id: "blog",
    label: "Blog posts",
    capability: "cmsBlog",
    Component: lazy(async () => ({
      default: (await import("@/client/features/cms/components/blog-posts-tab")).BlogPostsTab,
    })),
  },
  {
    id: "discussions",
    label: "Discussions",
    capability: "moderateDiscussions",
    Component: lazy(async () => ({
      default: (await import("@/client/features/discussions/components/cms-discussions-tab"))
        .CmsDiscussionsTab,
    })),
  },
  {
    id: "reports",
    label: "Reports",
    capability: "moderate",
    Component: lazy(async () => ({
      default: (await import("@/client/features/moderation/components/reports-tab")).ReportsTab,
    })),
  },
  {
    id: "users",
    label: "Users",
    capability: "manageUsers",
    Component: lazy(async () => ({
      default: (await import("@/client/features/cms/components/users-tab")).UsersTab,
    })),
  },
  {
    // Issue 41: the forum's categories, shared with the blog (docs/decisions/066).
    id: "categories",
    label: "Categories",
    capability: "manageCategories",
    Component: lazy(async () => ({
      default: (await import("@/client/features/categories/components/categories-tab"))
        .CategoriesTab,
    })),
  },
  {
    // Issue 41: the forum's tags, curated by staff (docs/decisions/067).
    id: "tags",
    label: "Tags",
    capability: "manageTags",
    Component: lazy(async () => ({
      default: (await import("@/client/features/tags/components/tags-tab")).TagsTab,
    })),
  },
  {
    id: "hero-words",
    label: "Hero Words",
    capability: "heroWords",
    Component: lazy(async () => ({
      default: (await import("@/client/features/cms/components/hero-words-tab")).HeroWordsTab,
    })),
  },
  {
    // Beyond docs/product.md §2.21: the pages staff write (docs/decisions/030).
    id: "pages",
    label: "Pages",
    capability: "sitePages",
    Component: lazy(async () => ({
      default: (await import("@/client/features/site-pages/components/cms-pages-tab")).CmsPagesTab,
    })),
  },
  {
    id: "subscribers",
    label: "Subscribers",
    capability: "newsletterSubscribers",
    Component: lazy(async () => ({
      default: (await import("@/client/features/newsletter/components/subscribers-tab"))
        .SubscribersTab,
    })),
  },
  {
    id: "inbox",
    label: "Inbox",
    capability: "inbox",
    Component: lazy(async () => ({
      default: (await import("@/client/features/cms/components/inbox-tab")).InboxTab,
    })),
  },
  {
    // Issue 47: the complaints procedure (docs/decisions/081), for the inbox's readers.
    id: "complaints",
    label: "Complaints",
    capability: "inbox",
    Component: lazy(async () => ({
      default: (await import("@/client/features/complaints/components/complaints-tab"))
        .ComplaintsTab,
    })),
  },
  {
    // Issue 17: site-wide settings such as holding new members' first post (docs/decisions/034).
    id: "settings",
    label: "Settings",
    capability: "siteSettings",
    Component: lazy(async () => ({
      default: (await import("@/client/features/site-settings/components/settings-tab"))
        .SettingsTab,
    })),
  },
  {
    // Issue 46: the Online Safety Act records (docs/decisions/076); moderators read them.
    id: "online-safety",
    label: "Online safety",
    capability: "readOnlineSafety",
    Component: lazy(async () => ({
      default: (await import("@/client/features/online-safety/components/online-safety-tab"))
        .OnlineSafetyTab,
    })),
  },
];
