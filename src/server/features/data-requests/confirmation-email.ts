import type { MailMessage } from "@/server/lib/mail";
import { DATA_REQUEST_RESPONSE_DAYS, DATA_REQUEST_TYPES } from "@/shared/constants";
import type { DataRequestInput } from "@/shared/schemas";

/** The email confirmation the data-request page promises in its info box. */
export function dataRequestConfirmation({
  request,
  reference,
  siteName,
  privacyEmail,
  confirmLink,
}: {
  request: DataRequestInput;
  reference: string;
  siteName: string;
  privacyEmail: string;
  /** The link that shows the request came from this address (docs/decisions/029). */
  confirmLink: string;
}): MailMessage {
  const type = DATA_REQUEST_TYPES.find((candidate) => candidate.value === request.requestType);
  const what = type ? `${type.label} (${type.article} UK GDPR)` : request.requestType;
  return {
    to: request.email,
    subject: `We received your data request (${siteName})`,
    text: [
      `Hi ${request.fullName},`,
      "",
      `We received your data protection request: ${what}.`,
      `Reference: ${reference}`,
      "",
      "Please confirm that the request is yours by opening this link:",
      confirmLink,
      "",
      "We act on an account only once the request is confirmed from its email address. We may also ask you a question by email to verify your identity.",
      `We will respond within ${DATA_REQUEST_RESPONSE_DAYS} days.`,
      "",
      `If you did not make this request, or have a question about it, write to ${privacyEmail}.`,
    ].join("\n"),
  };
}
