import { api } from "../api-client";

export async function signOutRequest(): Promise<void> {
  await api.post<unknown>("/api/auth/sign-out", { body: {} });
}
