import { LogOut } from "lucide-react";
import { type ComponentType, type LazyExoticComponent, Suspense } from "react";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { RoleBadge } from "@/client/components/role-badge";
import { TabFallback } from "@/client/components/tab-fallback";
import { Button } from "@/client/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useSearchParams } from "@/client/lib/location";
import { type Capability, can, type Role } from "@/shared/permissions";

export type CmsTab = {
  id: string;
  label: string;
  /** Who sees the tab (docs/product.md §6). */
  capability: Capability;
  Component: LazyExoticComponent<ComponentType>;
};

type CmsScreenProps = {
  email: string;
  role: Role;
  /** Every tab, in order; the screen shows those the role may use. */
  tabs: readonly CmsTab[];
  onSignOut: () => void;
};

/**
 * /cms: the welcome line, Sign out, and the tabs the member's role may use (docs/product.md §2, §6).
 * The open tab lives in the address (?tab=users), so a reload or a shared link keeps it.
 */
export function CmsScreen({ email, role, tabs: allTabs, onSignOut }: CmsScreenProps) {
  const tabs = allTabs.filter((tab) => can(role, tab.capability));
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get("tab");
  const active = tabs.find((tab) => tab.id === requested)?.id ?? "overview";

  return (
    <PageContainer className="flex flex-col gap-8">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-2">
          <PageHeading>Content management</PageHeading>
          <p className="flex flex-wrap items-center gap-2 text-muted-foreground">
            <span>
              Welcome, <span className="font-medium text-foreground">{email}</span>
            </span>
            <RoleBadge role={role} />
          </p>
        </div>
        <Button variant="outline" onClick={onSignOut} className="self-start sm:self-auto">
          <LogOut aria-hidden="true" />
          Sign out
        </Button>
      </header>
      <Tabs
        value={active}
        onValueChange={(tab) => setSearchParams({ tab }, { replace: true })}
        className="gap-6"
      >
        <TabsList className="h-auto flex-wrap justify-start gap-1 self-start">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.id} value={tab.id} className="flex-none">
              {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map(({ id, Component }) => (
          <TabsContent key={id} value={id}>
            <Suspense fallback={<TabFallback />}>
              <Component />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </PageContainer>
  );
}
