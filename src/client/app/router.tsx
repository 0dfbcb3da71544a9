// The app's routes, matched by wouter (docs/decisions/041): the first route whose pattern
// matches the path renders, inside the layout. TanStack Query loads the pages' data.
import type { ComponentType } from "react";
import { Route, Switch } from "wouter";
import { lazyComponent } from "@/client/lib/lazy-component";
import { BrowserLocation } from "@/client/lib/location";
import { paths, routePatterns } from "@/client/lib/paths";
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

const ForgotPasswordPage = lazyPage(
  () => import("./pages/forgot-password-page"),
  "ForgotPasswordPage",
);

const SettingsPage = lazyPage(() => import("./pages/settings-page"), "SettingsPage");
const NotificationsPage = lazyPage(() => import("./pages/notifications-page"), "NotificationsPage");
const BookmarksPage = lazyPage(() => import("./pages/bookmarks-page"), "BookmarksPage");
// One chunk for the pages mails' unsubscribe links open (docs/decisions/073).
const unsubscribePages = () => import("./pages/unsubscribe-pages");
const NotificationsUnsubscribePage = lazyPage(unsubscribePages, "NotificationsUnsubscribePage");
const DigestUnsubscribePage = lazyPage(unsubscribePages, "DigestUnsubscribePage");
// One chunk for the pages confirmation mails' links open (mail-link-pages.ts).
const mailLinkPages = () => import("./pages/mail-link-pages");
const ConfirmEmailPage = lazyPage(mailLinkPages, "ConfirmEmailPage");
const ResetPasswordPage = lazyPage(mailLinkPages, "ResetPasswordPage");
const WelcomePage = lazyPage(mailLinkPages, "WelcomePage");
const DataExportPage = lazyPage(mailLinkPages, "DataExportPage");
const ConfirmEmailChangePage = lazyPage(mailLinkPages, "ConfirmEmailChangePage");
const UndoEmailChangePage = lazyPage(mailLinkPages, "UndoEmailChangePage");
// One chunk for the privacy policy, the Terms of Service and Online safety (decisions 030, 080).
const legalPages = () => import("./pages/legal-pages");
const PrivacyPage = lazyPage(legalPages, "PrivacyPage");
const TermsPage = lazyPage(legalPages, "TermsPage");
const OnlineSafetyPage = lazyPage(legalPages, "OnlineSafetyPage");
const TwoFactorResetPage = lazyPage(mailLinkPages, "TwoFactorResetPage");

const DataRequestConfirmPage = lazyPage(mailLinkPages, "DataRequestConfirmPage");
const ReportConfirmPage = lazyPage(mailLinkPages, "ReportConfirmPage");
const ModerationPage = lazyPage(() => import("./pages/moderation-page"), "ModerationPage");

const DataRequestPage = lazyPage(() => import("./pages/data-request-page"), "DataRequestPage");
const ReportPage = lazyPage(() => import("./pages/report-page"), "ReportPage");
const ComplaintsPage = lazyPage(() => import("./pages/complaints-page"), "ComplaintsPage");
const NewsletterUnsubscribePage = lazyPage(unsubscribePages, "NewsletterUnsubscribePage");
const NewsletterConfirmPage = lazyPage(mailLinkPages, "NewsletterConfirmPage");
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

/**
 * Any path at all, line breaks included: a pattern's `*` matches with `.`, which stops at a
 * line break, and a path with an encoded one ("/nope%0A") would otherwise match no route and
 * render an empty page, on the server and in the browser.
 */
const ANY_PATH = /[\s\S]*/;

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
        <Route path={paths.confirmEmail} component={ConfirmEmailPage} />
        <Route path={paths.forgotPassword} component={ForgotPasswordPage} />
        <Route path={paths.resetPassword} component={ResetPasswordPage} />
        <Route path={paths.confirmEmailChange} component={ConfirmEmailChangePage} />
        <Route path={paths.undoEmailChange} component={UndoEmailChangePage} />
        <Route path={paths.privacy} component={PrivacyPage} />
        <Route path={paths.terms} component={TermsPage} />
        <Route path={paths.onlineSafety} component={OnlineSafetyPage} />
        <Route path={paths.moderation} component={ModerationPage} />
        <Route path={paths.welcome} component={WelcomePage} />
        <Route path={paths.dataRequest} component={DataRequestPage} />
        <Route path={paths.dataRequestConfirm} component={DataRequestConfirmPage} />
        <Route path={paths.report} component={ReportPage} />
        <Route path={paths.complaints} component={ComplaintsPage} />
        <Route path={paths.reportConfirm} component={ReportConfirmPage} />
        <Route path={paths.dataExport} component={DataExportPage} />
        <Route path={paths.twoFactorReset} component={TwoFactorResetPage} />
        <Route path={paths.newsletterUnsubscribe} component={NewsletterUnsubscribePage} />
        <Route path={paths.newsletterConfirm} component={NewsletterConfirmPage} />
        <Route path={paths.rotatingTextShowcase} component={RotatingTextShowcasePage} />
        <Route path={paths.headerShowcase} component={HeaderShowcasePage} />
        <Route path={paths.notificationsUnsubscribe} component={NotificationsUnsubscribePage} />
        <Route path={paths.digestUnsubscribe} component={DigestUnsubscribePage} />
        <Route path={paths.settings} component={SettingsRoute} />
        <Route path={paths.notifications} component={NotificationsRoute} />
        <Route path={paths.bookmarks} component={BookmarksRoute} />
        <Route path={paths.cms} component={CmsRoute} />
        <Route path={ANY_PATH} component={NotFoundPage} />
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
