import { MessagesSquare, UserRound } from "lucide-react";
import { Link } from "@/client/components/link";
import { PageContainer } from "@/client/components/page-container";
import { PageHeading } from "@/client/components/page-heading";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { usePageTitle } from "@/client/hooks/use-page-title";
import { paths } from "@/client/lib/paths";
import { useAuth } from "@/client/lib/session/use-auth";

/**
 * /welcome: where a confirmed new member lands (docs/product.md §2.13, decision 062), offering
 * the forum and their profile. Not a protected page: the confirmation opens it before the new
 * session is read, and the name and profile links appear once it is.
 */
export function WelcomePage() {
  usePageTitle("Welcome");
  const { user, profile } = useAuth();
  const name = profile?.fullName?.trim();
  return (
    <PageContainer className="grid max-w-3xl gap-8">
      <header className="grid gap-3">
        <PageHeading>{name ? `Welcome, ${name}!` : "Welcome!"}</PageHeading>
        <p className="text-lg text-muted-foreground">
          Your email is confirmed and you're signed in. Here is where to start.
        </p>
      </header>
      <div className="grid gap-4 sm:grid-cols-2">
        <Card className="flex flex-col gap-4 p-6">
          <MessagesSquare aria-hidden="true" className="size-7 text-primary" />
          <div className="grid gap-1">
            <h2 className="font-semibold text-xl">The forum</h2>
            <p className="text-muted-foreground">
              Read what people are talking about and start a discussion of your own.
            </p>
          </div>
          <Button asChild className="mt-auto w-fit">
            <Link to={paths.discussions}>Go to the forum</Link>
          </Button>
        </Card>
        <Card className="flex flex-col gap-4 p-6">
          <UserRound aria-hidden="true" className="size-7 text-primary" />
          <div className="grid gap-1">
            <h2 className="font-semibold text-xl">Your profile</h2>
            <p className="text-muted-foreground">
              Add a photo and a few words so members know who they're talking to.
            </p>
          </div>
          <div className="mt-auto flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <Link to={paths.profileEdit}>Edit your profile</Link>
            </Button>
            {user ? (
              <Button asChild variant="ghost">
                <Link to={paths.profile(user.id)}>View your profile</Link>
              </Button>
            ) : null}
          </div>
        </Card>
      </div>
    </PageContainer>
  );
}
