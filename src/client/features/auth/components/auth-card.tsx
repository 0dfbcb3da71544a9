import { type MouseEvent, useState } from "react";
import { CenteredCard } from "@/client/components/centered-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useSearchParams } from "@/client/lib/location";
import { usePostedForm } from "@/client/lib/page-forms";
import { paths } from "@/client/lib/paths";
import { useSiteName } from "@/client/lib/site-name";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import { SignUpSent } from "./sign-up-sent";

type AuthTab = "sign-in" | "sign-up";

function isAuthTab(value: string): value is AuthTab {
  return value === "sign-in" || value === "sign-up";
}

/** The tab's own address (`?tab=`, `?returnTo=` kept): without scripts a tab is a link. */
function tabHref(tab: AuthTab, searchParams: URLSearchParams): string {
  const params = new URLSearchParams(searchParams);
  if (tab === "sign-up") params.set("tab", "sign-up");
  else params.delete("tab");
  const query = params.toString();
  return query ? `${paths.auth}?${query}` : paths.auth;
}

/** Once the page is live the tab switches in place: the link only serves before (decision 061). */
const stayOnPage = (event: MouseEvent) => event.preventDefault();

export function AuthCard() {
  const siteName = useSiteName();
  const [searchParams] = useSearchParams();
  // A sign-up sent without scripts comes back on its tab, with its outcome (decision 061).
  const postedSignUp = usePostedForm("sign-up");
  const [tab, setTab] = useState<AuthTab>(
    postedSignUp || searchParams.get("tab") === "sign-up" ? "sign-up" : "sign-in",
  );
  // Where the last sign-up's confirmation link went; the Sign Up tab says what happens next.
  const [sentTo, setSentTo] = useState<string | null>(
    postedSignUp?.ok ? (postedSignUp.values.email ?? null) : null,
  );

  return (
    <CenteredCard
      title={`Welcome to ${siteName}`}
      description="Sign in to your account or create a new one."
    >
      <Tabs value={tab} onValueChange={(value) => isAuthTab(value) && setTab(value)}>
        <TabsList className="w-full">
          <TabsTrigger value="sign-in" asChild>
            <a href={tabHref("sign-in", searchParams)} onClick={stayOnPage}>
              Sign in
            </a>
          </TabsTrigger>
          <TabsTrigger value="sign-up" asChild>
            <a href={tabHref("sign-up", searchParams)} onClick={stayOnPage}>
              Sign Up
            </a>
          </TabsTrigger>
        </TabsList>
        <TabsContent value="sign-in">
          <SignInForm />
        </TabsContent>
        <TabsContent value="sign-up">
          {sentTo ? (
            <SignUpSent email={sentTo} onStartOver={() => setSentTo(null)} />
          ) : (
            <SignUpForm onSignedUp={setSentTo} />
          )}
        </TabsContent>
      </Tabs>
    </CenteredCard>
  );
}
