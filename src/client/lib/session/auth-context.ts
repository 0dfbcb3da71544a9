import { createContext } from "react";
import type { SessionProfile, SessionUser } from "@/shared/api-types";
import type { Role } from "@/shared/permissions";

export type AuthContextValue = {
  user: SessionUser | null;
  profile: SessionProfile | null;
  role: Role | null;
  /** True until the first answer from GET /api/session. */
  loading: boolean;
  /**
   * Reads the session again after the server changed it outside these calls: a sign-in, a
   * confirmation link that signed the member in, a password reset that ended every session, an
   * email change. Resolves once the new session has been read.
   */
  refreshSession: () => Promise<void>;
};

export const AuthContext = createContext<AuthContextValue | null>(null);
