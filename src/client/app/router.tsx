// The app's routes, matched by wouter (docs/decisions/041): the first route whose pattern
// matches the path renders, inside the layout. TanStack Query loads the pages' data.
import type { ComponentType } from "react";
import { Route, Switch } from "wouter";
import { lazyComponent } from "@/client/lib/lazy-component";
import { BrowserLocation } from "@/client/lib/location";
import { ANY_PATH, paths, routePatterns } from "@/client/lib/paths";
import type { Capability } from "@/shared/permissions";
import { Layout } from "./layout";
import { lazyPage } from "./lazy-page";
import { HomePage } from "./pages/home-page";

// The guard of the members' and staff pages downloads with them, not with every page
// (docs/decisions/030: the home page's first download had no bytes left for the theme toggle).
const ProtectedRoute = lazyComponent(() => import("./protected-route"), "ProtectedRoute");

const TeamPage = lazyPage(() => import("./pages/team-page"), "TeamPage");
const ContactPage = lazyPage(() => import("./pages/contact-page"), "ContactPage");
const BlogPage = lazyPage(() => import("./pages/blog-page"), "BlogPage");
const BlogPostPage = lazyPage(() => import("./pages/blog-post-page"), "BlogPostPage");
const AboutPage = lazyPage(() => import("./pages/about-page"), "AboutPage");
const PostsPage = lazyPage(() => import("./pages/posts-page"), "PostsPage");
const DiscussionsPage = lazyPage(() => import("./pages/discussions-page"), "DiscussionsPage");
const CategoryPage = lazyPage(() => import("./pages/discussions-page"), "CategoryPage");
const DiscussionPage = lazyPage(() => import("./pages/discussion-page"), "DiscussionPage");
const ProfilePage = lazyPage(() => import("./pages/profile-page"), "ProfilePage");
const ProfileEditPage = lazyPage(() => import("./pages/profile-edit-page"), "ProfileEditPage");
const MembersPage = lazyPage(() => import("./pages/members-page"), "MembersPage");
const SearchPage = lazyPage(() => import("./pages/search-page"), "SearchPage");
const AuthPage = lazyPage(() => import("./pages/auth-page"), "AuthPage");

const SettingsPage = lazyPage(() => import("./pages/settings-page"), "SettingsPage");
const NotificationsPage = lazyPage(() => import("./pages/notifications-page"), "NotificationsPage");
const BookmarksPage = lazyPage(() => import("./pages/bookmarks-page"), "BookmarksPage");
const CmsPage = lazyPage(() => import("./pages/cms-page"), "CmsPage");
// Mail links, the small print and the not-found page: after every route here (secondary-routes.tsx).
const SecondaryRoutes = lazyComponent(() => import("./secondary-routes"), "SecondaryRoutes");

/** A page that only members (with `capability`, when given) may open. */
function guarded(Page: ComponentType, capability?: Capability) {
  return function Guarded() {
    return (
      <ProtectedRoute capability={capability}>
        <Page />
      </ProtectedRoute>
    );
  };
}

const ProfileEditRoute = guarded(ProfileEditPage);
const SettingsRoute = guarded(SettingsPage);
const NotificationsRoute = guarded(NotificationsPage);
const BookmarksRoute = guarded(BookmarksPage);
const CmsRoute = guarded(CmsPage, "cmsAccess");

export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        <Route path={paths.home} component={HomePage} />
        <Route path={paths.team} component={TeamPage} />
        <Route path={paths.contact} component={ContactPage} />
        <Route path={paths.blog} component={BlogPage} />
        <Route path={routePatterns.blogPost} component={BlogPostPage} />
        <Route path={paths.about} component={AboutPage} />
        <Route path={paths.posts} component={PostsPage} />
        <Route path={paths.discussions} component={DiscussionsPage} />
        {/* /discussion/c/{slug} before /discussion/{id}: a category is no discussion id. */}
        <Route path={routePatterns.category} component={CategoryPage} />
        <Route path={routePatterns.discussion} component={DiscussionPage} />
        {/* The first route that matches renders: /profile/edit before /profile/:id. */}
        <Route path={paths.profileEdit} component={ProfileEditRoute} />
        <Route path={routePatterns.profile} component={ProfilePage} />
        <Route path={paths.members} component={MembersPage} />
        <Route path={routePatterns.search} component={SearchPage} />
        <Route path={paths.auth} component={AuthPage} />
        <Route path={paths.settings} component={SettingsRoute} />
        <Route path={paths.notifications} component={NotificationsRoute} />
        <Route path={paths.bookmarks} component={BookmarksRoute} />
        <Route path={paths.cms} component={CmsRoute} />
        <Route path={ANY_PATH} component={SecondaryRoutes} />
      </Switch>
    </Layout>
  );
}

export function AppRouter() {
  return (
    <BrowserLocation>
      <AppRoutes />
    </BrowserLocation>
  );
}
