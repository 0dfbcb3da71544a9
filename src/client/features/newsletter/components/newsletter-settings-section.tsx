import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { Switch } from "@/client/components/ui/switch";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import type { MyNewsletter } from "@/shared/api-types";
import { useMyNewsletter, useSetMyNewsletter } from "../api/my-newsletter";

const STATE_TEXT: Record<MyNewsletter["status"], string> = {
  active: "You receive the newsletter at {email}.",
  pending:
    "Someone asked to subscribe {email}, and it waits for the link we emailed. Turn the switch on to subscribe now.",
  inactive: "You unsubscribed {email}. Turn the switch on to receive the newsletter again.",
  none: "{email} does not receive the newsletter.",
};

/**
 * /settings: the member's own address on the newsletter (docs/decisions/028). Their address
 * is verified, so switching on needs no confirmation email.
 */
export function NewsletterSettingsSection() {
  const state = useMyNewsletter();
  const update = useSetMyNewsletter();
  const subscribed = state.data?.status === "active";
  return (
    <section id="newsletter" aria-labelledby="newsletter-settings-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="newsletter-settings-heading" className="text-xl">
              Newsletter
            </h2>
          </CardTitle>
          <CardDescription>New posts in your inbox. Every email has a way out.</CardDescription>
        </CardHeader>
        <CardContent>
          {state.isPending ? (
            <p className="text-muted-foreground text-sm">Loading...</p>
          ) : state.isError ? (
            <p className="text-sm">Could not load your newsletter subscription.</p>
          ) : (
            <div className="grid gap-3">
              <div className="flex items-center justify-between gap-4">
                <label htmlFor="newsletter-switch" className="font-medium text-sm">
                  Receive the newsletter
                </label>
                <Switch
                  id="newsletter-switch"
                  checked={subscribed}
                  disabled={update.isPending}
                  onCheckedChange={(checked) =>
                    update.mutate(checked, {
                      onSuccess: (next) =>
                        toast.success(
                          next.status === "active"
                            ? "Subscribed to the newsletter"
                            : "Unsubscribed from the newsletter",
                        ),
                      onError: (error) =>
                        toast.error("Newsletter not changed", {
                          description: errorMessage(error),
                        }),
                    })
                  }
                />
              </div>
              <p className="break-words text-muted-foreground text-sm">
                {STATE_TEXT[state.data.status].replace("{email}", state.data.email)}
              </p>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
