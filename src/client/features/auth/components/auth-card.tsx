import { useState } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "../../../components/ui/card";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "../../../components/ui/tabs";
import { SignInForm } from "./sign-in-form";
import { SignUpForm } from "./sign-up-form";

type AuthTab = "sign-in" | "sign-up";

function isAuthTab(value: string): value is AuthTab {
  return value === "sign-in" || value === "sign-up";
}

export function AuthCard() {
  const [tab, setTab] = useState<AuthTab>("sign-in");

  return (
    <Card className="w-full max-w-md">
      <CardHeader className="text-center">
        <CardTitle asChild>
          <h1>Welcome to the product</h1>
        </CardTitle>
        <CardDescription>Sign in to your account or create a new one.</CardDescription>
      </CardHeader>
      <CardContent>
        <Tabs value={tab} onValueChange={(value) => isAuthTab(value) && setTab(value)}>
          <TabsList className="w-full">
            <TabsTrigger value="sign-in">Sign In</TabsTrigger>
            <TabsTrigger value="sign-up">Sign Up</TabsTrigger>
          </TabsList>
          <TabsContent value="sign-in">
            <SignInForm />
          </TabsContent>
          <TabsContent value="sign-up">
            <SignUpForm onSignedUp={() => setTab("sign-in")} />
          </TabsContent>
        </Tabs>
      </CardContent>
    </Card>
  );
}
