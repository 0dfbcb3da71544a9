import type { ApiErrorBody } from "@/shared/api-types";

const DEFAULT_CODES = {
  400: "INVALID_INPUT",
  401: "UNAUTHORIZED",
  403: "FORBIDDEN",
  404: "NOT_FOUND",
  408: "REQUEST_TIMEOUT",
  409: "CONFLICT",
  413: "PAYLOAD_TOO_LARGE",
  415: "UNSUPPORTED_MEDIA_TYPE",
  421: "MISDIRECTED_REQUEST",
  422: "UNPROCESSABLE",
  429: "RATE_LIMITED",
  500: "INTERNAL_ERROR",
  503: "UNAVAILABLE",
} as const;

export type ErrorStatus = keyof typeof DEFAULT_CODES;

/** An error a handler throws to answer with the API\'s error shape (docs/architecture.md "API"). */
export class HttpError extends Error {
  readonly status: ErrorStatus;
  readonly code: string;
  readonly fields?: Record<string, string>;
  readonly headers?: Record<string, string>;

  constructor(
    status: ErrorStatus,
    message: string,
    options: {
      code?: string;
      fields?: Record<string, string>;
      headers?: Record<string, string>;
    } = {},
  ) {
    super(message);
    this.status = status;
    this.code = options.code ?? DEFAULT_CODES[status];
    this.fields = options.fields;
    this.headers = options.headers;
  }

  toBody(): ApiErrorBody {
    return {
      error: {
        code: this.code,
        message: this.message,
        ...(this.fields ? { fields: this.fields } : {}),
      },
    };
  }
}

export function errorBody(status: ErrorStatus, message: string, code?: string): ApiErrorBody {
  return { error: { code: code ?? DEFAULT_CODES[status], message } };
}
