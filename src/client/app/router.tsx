// Declarative routes (<BrowserRouter>): the data router (createBrowserRouter) would add about
// 17 KB gzipped to the home page for loaders and actions we do not use; TanStack Query loads data.
import { BrowserRouter, createRoutesFromChildren, Route, useRoutes } from "react-router";
import { lazyComponent } from "@/client/lib/lazy-component";
import { paths, routePatterns } from "@/client/lib/paths";
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
const DiscussionPage = lazyPage(() => import("./pages/discussion-page"), "DiscussionPage");
const ProfilePage = lazyPage(() => import("./pages/profile-page"), "ProfilePage");
const ProfileEditPage = lazyPage(() => import("./pages/profile-edit-page"), "ProfileEditPage");
const MembersPage = lazyPage(() => import("./pages/members-page"), "MembersPage");
const AuthPage = lazyPage(() => import("./pages/auth-page"), "AuthPage");
const ConfirmEmailPage = lazyPage(() => import("./pages/confirm-email-page"), "ConfirmEmailPage");
const ForgotPasswordPage = lazyPage(
  () => import("./pages/forgot-password-page"),
  "ForgotPasswordPage",
);
const ResetPasswordPage = lazyPage(
  () => import("./pages/reset-password-page"),
  "ResetPasswordPage",
);
const SettingsPage = lazyPage(() => import("./pages/settings-page"), "SettingsPage");
const NotificationsPage = lazyPage(() => import("./pages/notifications-page"), "NotificationsPage");
const NotificationsUnsubscribePage = lazyPage(
  () => import("./pages/notifications-unsubscribe-page"),
  "NotificationsUnsubscribePage",
);
const ConfirmEmailChangePage = lazyPage(
  () => import("./pages/confirm-email-change-page"),
  "ConfirmEmailChangePage",
);
// One chunk for the privacy policy and the Terms of Service (docs/decisions/030).
const legalPages = () => import("./pages/legal-pages");
const PrivacyPage = lazyPage(legalPages, "PrivacyPage");
const TermsPage = lazyPage(legalPages, "TermsPage");
const DataExportPage = lazyPage(() => import("./pages/data-export-page"), "DataExportPage");
const DataRequestConfirmPage = lazyPage(
  () => import("./pages/data-request-confirm-page"),
  "DataRequestConfirmPage",
);
const ModerationPage = lazyPage(() => import("./pages/moderation-page"), "ModerationPage");
const DataRequestPage = lazyPage(() => import("./pages/data-request-page"), "DataRequestPage");
const NewsletterUnsubscribePage = lazyPage(
  () => import("./pages/newsletter-unsubscribe-page"),
  "NewsletterUnsubscribePage",
);
const NewsletterConfirmPage = lazyPage(
  () => import("./pages/newsletter-confirm-page"),
  "NewsletterConfirmPage",
);
const RotatingTextShowcasePage = lazyPage(
  () => import("./pages/rotating-text-showcase-page"),
  "RotatingTextShowcasePage",
);
const HeaderShowcasePage = lazyPage(
  () => import("./pages/header-showcase-page"),
  "HeaderShowcasePage",
);
const CmsPage = lazyPage(() => import("./pages/cms-page"), "CmsPage");
const NotFoundPage = lazyPage(() => import("./pages/not-found-page"), "NotFoundPage");

// Made once, not on every render as <Routes> does.
const ROUTES = createRoutesFromChildren(
  <Route element={<Layout />}>
    <Route index element={<HomePage />} />
    <Route path={paths.team} element={<TeamPage />} />
    <Route path={paths.contact} element={<ContactPage />} />
    <Route path={paths.blog} element={<BlogPage />} />
    <Route path={routePatterns.blogPost} element={<BlogPostPage />} />
    <Route path={paths.about} element={<AboutPage />} />
    <Route path={paths.posts} element={<PostsPage />} />
    <Route path={paths.discussions} element={<DiscussionsPage />} />
    <Route path={routePatterns.discussion} element={<DiscussionPage />} />
    <Route path={routePatterns.profile} element={<ProfilePage />} />
    <Route path={paths.members} element={<MembersPage />} />
    <Route path={paths.auth} element={<AuthPage />} />
    <Route path={paths.confirmEmail} element={<ConfirmEmailPage />} />
    <Route path={paths.forgotPassword} element={<ForgotPasswordPage />} />
    <Route path={paths.resetPassword} element={<ResetPasswordPage />} />
    <Route path={paths.confirmEmailChange} element={<ConfirmEmailChangePage />} />
    <Route path={paths.privacy} element={<PrivacyPage />} />
    <Route path={paths.terms} element={<TermsPage />} />
    <Route path={paths.moderation} element={<ModerationPage />} />
    <Route path={paths.dataRequest} element={<DataRequestPage />} />
    <Route path={paths.dataRequestConfirm} element={<DataRequestConfirmPage />} />
    <Route path={paths.dataExport} element={<DataExportPage />} />
    <Route path={paths.newsletterUnsubscribe} element={<NewsletterUnsubscribePage />} />
    <Route path={paths.newsletterConfirm} element={<NewsletterConfirmPage />} />
    <Route path={paths.rotatingTextShowcase} element={<RotatingTextShowcasePage />} />
    <Route path={paths.headerShowcase} element={<HeaderShowcasePage />} />
    <Route path={paths.notificationsUnsubscribe} element={<NotificationsUnsubscribePage />} />
    <Route element={<ProtectedRoute />}>
      <Route path={paths.profileEdit} element={<ProfileEditPage />} />
      <Route path={paths.settings} element={<SettingsPage />} />
      <Route path={paths.notifications} element={<NotificationsPage />} />
    </Route>
    <Route element={<ProtectedRoute capability="cmsAccess" />}>
      <Route path={paths.cms} element={<CmsPage />} />
    </Route>
    <Route path="*" element={<NotFoundPage />} />
  </Route>,
);

/**
 * React Router's catch-all `*` matches with `.`, which stops at a line break: a path with an
 * encoded one ("/nope%0A") matched no route at all and rendered an empty page, on the server
 * and in the browser. Such a path gets the not-found page at an address no route has.
 */
const UNMATCHED = { pathname: "/not-found" };

function UnmatchedPath() {
  return useRoutes(ROUTES, UNMATCHED);
}

export function AppRoutes() {
  return useRoutes(ROUTES) ?? <UnmatchedPath />;
}

export function AppRouter() {
  return (
    <BrowserRouter>
      <AppRoutes />
    </BrowserRouter>
  );
}
