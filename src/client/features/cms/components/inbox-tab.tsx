import { TabHeader } from "@/client/components/tab-header";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/client/components/ui/tabs";
import { ContactMessagesList } from "./contact-messages-list";
import { DataRequestsList } from "./data-requests-list";

/** Inbox (admins; beyond the original specification): what the contact and data request forms stored. */
export function InboxTab() {
  return (
    <div className="flex flex-col gap-6">
      <TabHeader
        title="Inbox"
        description="Contact messages (reply within 24 hours) and data requests (answer within 30 days)."
      />
      <Tabs defaultValue="messages">
        <TabsList className="self-start">
          <TabsTrigger value="messages">Contact messages</TabsTrigger>
          <TabsTrigger value="data-requests">Data requests</TabsTrigger>
        </TabsList>
        <TabsContent value="messages">
          <ContactMessagesList />
        </TabsContent>
        <TabsContent value="data-requests">
          <DataRequestsList />
        </TabsContent>
      </Tabs>
    </div>
  );
}
