import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject, RouterProvider } from "react-router";
import { rolesWith } from "../../shared/permissions";
import { paths, routePatterns } from "../lib/paths";
import { Layout } from "./layout";
import { PageFallback } from "./page-fallback";
import { HomePage } from "./pages/home-page";
import { ProtectedRoute } from "./protected-route";
import { RouteError } from "./route-error";

type PageModule<K extends string> = Record<K, ComponentType>;

/**
 * A route whose page code downloads on first visit, so the home page's bundle stays small.
 * The static fallback lets the header and footer render while the page loads.
 */
function lazyPage<K extends string>(
  path: string | undefined,
  load: () => Promise<PageModule<K>>,
  exportName: K,
): RouteObject {
  return {
    path,
    HydrateFallback: PageFallback,
    lazy: async () => ({ Component: (await load())[exportName] }),
  };
}

const routes: RouteObject[] = [
  {
    path: paths.home,
    Component: Layout,
    errorElement: <RouteError />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { index: true, Component: HomePage },
          lazyPage(paths.team, () => import("./pages/team-page"), "TeamPage"),
          lazyPage(paths.contact, () => import("./pages/contact-page"), "ContactPage"),
          lazyPage(paths.blog, () => import("./pages/blog-page"), "BlogPage"),
          lazyPage(paths.about, () => import("./pages/about-page"), "AboutPage"),
          lazyPage(paths.posts, () => import("./pages/posts-page"), "PostsPage"),
          lazyPage(paths.discussions, () => import("./pages/discussions-page"), "DiscussionsPage"),
          lazyPage(
            routePatterns.discussion,
            () => import("./pages/discussion-page"),
            "DiscussionPage",
          ),
          lazyPage(routePatterns.profile, () => import("./pages/profile-page"), "ProfilePage"),
          lazyPage(paths.members, () => import("./pages/members-page"), "MembersPage"),
          lazyPage(paths.auth, () => import("./pages/auth-page"), "AuthPage"),
          lazyPage(paths.privacy, () => import("./pages/privacy-page"), "PrivacyPage"),
          lazyPage(paths.dataRequest, () => import("./pages/data-request-page"), "DataRequestPage"),
          lazyPage(
            paths.rotatingTextShowcase,
            () => import("./pages/rotating-text-showcase-page"),
            "RotatingTextShowcasePage",
          ),
          lazyPage(
            paths.headerShowcase,
            () => import("./pages/header-showcase-page"),
            "HeaderShowcasePage",
          ),
          {
            element: <ProtectedRoute />,
            children: [
              lazyPage(
                paths.profileEdit,
                () => import("./pages/profile-edit-page"),
                "ProfileEditPage",
              ),
            ],
          },
          {
            element: <ProtectedRoute roles={rolesWith("cmsAccess")} />,
            children: [lazyPage(paths.cms, () => import("./pages/cms-page"), "CmsPage")],
          },
          lazyPage("*", () => import("./pages/not-found-page"), "NotFoundPage"),
        ],
      },
    ],
  },
];

const router = createBrowserRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
