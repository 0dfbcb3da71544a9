import { Mail } from "lucide-react";
import { LoadMoreButton } from "@/client/components/load-more-button";
import { RelativeTime } from "@/client/components/relative-time";
import { TabFallback } from "@/client/components/tab-fallback";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import { useContactMessages } from "@/client/features/cms/api/get-contact-messages";

/** Messages from the contact form, newest first (the site promises a reply within 24 hours). */
export function ContactMessagesList() {
  const messages = useContactMessages();
  const list = messages.data?.pages.flatMap((page) => page.messages) ?? [];
  if (messages.isPending) return <TabFallback />;
  if (list.length === 0) {
    return (
      <p className="py-8 text-center text-muted-foreground">
        {messages.isError ? "Failed to load messages." : "No messages yet."}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-3" aria-label="Contact messages">
        {list.map((message) => (
          <li key={message.id}>
            <Card className="flex flex-col gap-2 p-4">
              <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
                <h3 className="wrap-anywhere font-semibold">{message.subject}</h3>
                <RelativeTime value={message.createdAt} className="text-muted-foreground text-xs" />
              </div>
              <p className="text-muted-foreground text-sm">
                {message.name} &lt;{message.email}&gt;
              </p>
              <p className="whitespace-pre-line wrap-anywhere text-sm">{message.message}</p>
              <div>
                <Button variant="outline" size="sm" asChild>
                  <a
                    href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                  >
                    <Mail aria-hidden="true" />
                    Reply
                  </a>
                </Button>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <LoadMoreButton
        hasNextPage={messages.hasNextPage}
        isFetchingNextPage={messages.isFetchingNextPage}
        fetchNextPage={messages.fetchNextPage}
        label="Load more messages"
      />
    </div>
  );
}
