import { useState } from "react";
import { CenteredCard } from "@/client/components/centered-card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { useSiteName } from "@/client/lib/site-name";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";
import { SignUpSent } from "./sign-up-sent";

type AuthTab = "sign-in" | "sign-up";

function isAuthTab(value: string): value is AuthTab {
  return value === "sign-in" || value === "sign-up";
}

export function AuthCard() {
  const siteName = useSiteName();
  const [tab, setTab] = useState<AuthTab>("sign-in");
  // Where the last sign-up's confirmation link went; the Sign Up tab says what happens next.
  const [sentTo, setSentTo] = useState<string | null>(null);

  return (
    <CenteredCard
      title={`Welcome to ${siteName}`}
      description="Sign in to your account or create a new one."
    >
      <Tabs value={tab} onValueChange={(value) => isAuthTab(value) && setTab(value)}>
        <TabsList className="w-full">
          <TabsTrigger value="sign-in">Sign in</TabsTrigger>
          <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
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
