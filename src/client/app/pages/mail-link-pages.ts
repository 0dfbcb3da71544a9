// The pages a mail's link opens (a new account's confirmation and the welcome after it, a
// password reset, an email change and its undo, a second factor's reset, a data request, a
// member's export, a newsletter subscription): one chunk for them all, as the legal and
// unsubscribe pages (decisions 030, 073). Every page downloads the router, and each lazy page
// adds its own entry to it; these are opened from a mail, once (decision 074: the bytes went to
// search).

export { ConfirmEmailChangePage } from "./confirm-email-change-page";
export { ConfirmEmailPage } from "./confirm-email-page";
export { DataExportPage } from "./data-export-page";
export { DataRequestConfirmPage } from "./data-request-confirm-page";
export { NewsletterConfirmPage } from "./newsletter-confirm-page";
export { ReportConfirmPage } from "./report-confirm-page";
export { ResetPasswordPage } from "./reset-password-page";
export { TwoFactorResetPage } from "./two-factor-reset-page";
export { UndoEmailChangePage } from "./undo-email-change-page";
export { WelcomePage } from "./welcome-page";
