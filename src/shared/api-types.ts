// Shapes the API returns that both sides name. Request bodies are inferred from schemas.ts.
import type { Role } from "./permissions";

/** DESIGN "API": every error response has this body. */
export type ApiErrorBody = {
  error: {
    code: string;
    message: string;
    fields?: Record<string, string>;
  };
};

export type SessionUser = {
  id: string;
  email: string;
  emailVerified: boolean;
};

export type SessionProfile = {
  fullName: string | null;
  avatarUrl: string | null;
};

/** GET /api/session */
export type SessionResponse =
  | { user: SessionUser; profile: SessionProfile; role: Role }
  | { user: null; profile: null; role: null };
