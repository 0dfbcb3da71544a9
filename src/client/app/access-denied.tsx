import { usePageTitle } from "@/client/hooks/use-page-title";

export function AccessDenied() {
  usePageTitle("Access Denied");
  return (
    <section className="mx-auto max-w-xl px-4 py-20 text-center">
      <h1 className="font-bold text-3xl">Access Denied</h1>
      <p className="mt-3 text-muted-foreground">You don't have permission to access this page.</p>
    </section>
  );
}
