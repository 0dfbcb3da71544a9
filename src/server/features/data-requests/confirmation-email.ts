import type { MailMessage } from "@/server/lib/mail";
import { DATA_REQUEST_RESPONSE_DAYS, DATA_REQUEST_TYPES } from "@/shared/constants";
import type { DataRequestInput } from "@/shared/schemas";

/** The email confirmation the data-request page promises in its info box. */
export function dataRequestConfirmation({
  request,
  reference,
  siteName,
  privacyEmail,
}: {
  request: DataRequestInput;
  reference: string;
  siteName: string;
  privacyEmail: string;
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
      "Before we act on it we will verify your identity, which may mean asking you a question by email.",
      `We will respond within ${DATA_REQUEST_RESPONSE_DAYS} days.`,
      "",
      `If you did not make this request, or have a question about it, write to ${privacyEmail}.`,
    ].join("\n"),
  };
}
