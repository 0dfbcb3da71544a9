// The pages people open from a mail's link, the footer's small print or a report link, and the
// page for a path that is no page: matched here, in a chunk of its own, after the main routes
// (router.tsx). Their routes and the names of their chunks were part of the first download of
// every page; here they cost the home page nothing, and one of these pages one more small file
// before its own (docs/decisions/083).
import { Route, Switch } from "wouter";
import { ANY_PATH, paths } from "@/client/lib/paths";
import { lazyPage } from "./lazy-page";

const ForgotPasswordPage = lazyPage(
  () => import("./pages/forgot-password-page"),
  "ForgotPasswordPage",
);
// One chunk for the pages mails' unsubscribe links open (docs/decisions/073).
const unsubscribePages = () => import("./pages/unsubscribe-pages");
const NotificationsUnsubscribePage = lazyPage(unsubscribePages, "NotificationsUnsubscribePage");
const DigestUnsubscribePage = lazyPage(unsubscribePages, "DigestUnsubscribePage");
const NewsletterUnsubscribePage = lazyPage(unsubscribePages, "NewsletterUnsubscribePage");
// One chunk for the pages confirmation mails' links open (mail-link-pages.ts).
const mailLinkPages = () => import("./pages/mail-link-pages");
const ConfirmEmailPage = lazyPage(mailLinkPages, "ConfirmEmailPage");
const ResetPasswordPage = lazyPage(mailLinkPages, "ResetPasswordPage");
const WelcomePage = lazyPage(mailLinkPages, "WelcomePage");
const DataExportPage = lazyPage(mailLinkPages, "DataExportPage");
const ConfirmEmailChangePage = lazyPage(mailLinkPages, "ConfirmEmailChangePage");
const UndoEmailChangePage = lazyPage(mailLinkPages, "UndoEmailChangePage");
const TwoFactorResetPage = lazyPage(mailLinkPages, "TwoFactorResetPage");
const DataRequestConfirmPage = lazyPage(mailLinkPages, "DataRequestConfirmPage");
const ReportConfirmPage = lazyPage(mailLinkPages, "ReportConfirmPage");
const NewsletterConfirmPage = lazyPage(mailLinkPages, "NewsletterConfirmPage");
// One chunk for the privacy policy, the Terms of Service and Online safety (decisions 030, 080).
const legalPages = () => import("./pages/legal-pages");
const PrivacyPage = lazyPage(legalPages, "PrivacyPage");
const TermsPage = lazyPage(legalPages, "TermsPage");
const OnlineSafetyPage = lazyPage(legalPages, "OnlineSafetyPage");
const ModerationPage = lazyPage(() => import("./pages/moderation-page"), "ModerationPage");
const DataRequestPage = lazyPage(() => import("./pages/data-request-page"), "DataRequestPage");
const ReportPage = lazyPage(() => import("./pages/report-page"), "ReportPage");
const ComplaintsPage = lazyPage(() => import("./pages/complaints-page"), "ComplaintsPage");
const RotatingTextShowcasePage = lazyPage(
  () => import("./pages/rotating-text-showcase-page"),
  "RotatingTextShowcasePage",
);
const HeaderShowcasePage = lazyPage(
  () => import("./pages/header-showcase-page"),
  "HeaderShowcasePage",
);
const NotFoundPage = lazyPage(() => import("./pages/not-found-page"), "NotFoundPage");

export function SecondaryRoutes() {
  return (
    <Switch>
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
      <Route path={paths.reportConfirm} component={ReportConfirmPage} />
      <Route path={paths.complaints} component={ComplaintsPage} />
      <Route path={paths.dataExport} component={DataExportPage} />
      <Route path={paths.twoFactorReset} component={TwoFactorResetPage} />
      <Route path={paths.newsletterUnsubscribe} component={NewsletterUnsubscribePage} />
      <Route path={paths.newsletterConfirm} component={NewsletterConfirmPage} />
      <Route path={paths.rotatingTextShowcase} component={RotatingTextShowcasePage} />
      <Route path={paths.headerShowcase} component={HeaderShowcasePage} />
      <Route path={paths.notificationsUnsubscribe} component={NotificationsUnsubscribePage} />
      <Route path={paths.digestUnsubscribe} component={DigestUnsubscribePage} />
      <Route path={ANY_PATH} component={NotFoundPage} />
    </Switch>
  );
}
