import { createContext } from "react";
import type { SessionProfile, SessionUser } from "../../../shared/api-types";
import type { Role } from "../../../shared/permissions";
import type { SignInInput, SignUpInput } from "../../../shared/schemas";

export type AuthContextValue = {
  user: SessionUser | null;
  profile: SessionProfile | null;
  role: Role | null;
  /** True until the first answer from GET /api/session. */
  loading: boolean;
  /** Throws ApiError; resolves once the new session has been read. */
  signIn: (input: SignInInput) => Promise<void>;
  /** Throws ApiError; the new account must confirm its email before signing in. */
  signUp: (input: SignUpInput) => Promise<void>;
  signOut: () => Promise<void>;
  /**
   * Reads the session again after the server changed it outside these calls: a confirmation
   * link signed the member in, a password reset ended every session, the email changed.
   * Resolves once the new session has been read.
   */
  refreshSession: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
