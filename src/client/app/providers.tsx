import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "@/client/components/ui/toaster";
import { createQueryClient } from "@/client/lib/query-client";
import { AuthProvider } from "@/client/lib/session/auth-provider";

type AppProvidersProps = {
  children: ReactNode;
  /** The client the server's render filled (docs/decisions/025); a new one otherwise. */
  queryClient?: QueryClient;
};

export function AppProviders({ children, queryClient: given }: AppProvidersProps) {
  const [queryClient] = useState(() => given ?? createQueryClient());
  return (
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Toaster />
        {children}
      </AuthProvider>
    </QueryClientProvider>
  );
}
