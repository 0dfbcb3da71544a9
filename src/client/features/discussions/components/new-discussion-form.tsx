import { Card } from "@/client/components/ui/card";
import { useCreateDiscussion } from "@/client/features/discussions/api/create-discussion";
import { ApiError } from "@/client/lib/api-client";
import { useNavigate } from "@/client/lib/location";
import { paths } from "@/client/lib/paths";
import { toast } from "@/client/lib/toast";
import type { DiscussionItem } from "@/shared/api-types";
import { draftPlace } from "@/shared/drafts";
import type { DiscussionInput } from "@/shared/schemas";
import { DiscussionForm } from "./discussion-form";

/** docs/product.md §5.6 messages for a refused creation; 429 carries the server's own. */
function showCreateError(error: unknown) {
  if (error instanceof ApiError && error.status === 401) {
    toast.error("You must be logged in to create a discussion.");
  } else if (error instanceof ApiError && (error.status === 429 || error.status === 403)) {
    toast.error(error.message);
  } else {
    toast.error("Failed to create discussion.");
  }
}

/**
 * The forum's creation form above the list (docs/product.md §2.6); once created, the new
 * discussion opens.
 */
export function NewDiscussionForm({ onDone }: { onDone: () => void }) {
  const createDiscussion = useCreateDiscussion();
  const navigate = useNavigate();

  const create = async (values: DiscussionInput) => {
    let created: DiscussionItem;
    try {
      created = await createDiscussion.mutateAsync(values);
    } catch (error) {
      showCreateError(error);
      throw error;
    }
    toast.success("Discussion created successfully!");
    onDone();
    // Its author lands in the new thread (docs/product.md §2.6), held for review or not.
    navigate(paths.discussion(created.id));
  };

  return (
    <Card className="p-5">
      <DiscussionForm
        aria-label="New discussion"
        draftPlace={draftPlace.newDiscussion()}
        placeholders={{
          title: "What do you want to talk about?",
          content: "Say what's on your mind...",
        }}
        countTitle
        contentRows={6}
        submitLabel="Create discussion"
        pendingLabel="Creating..."
        onSubmit={create}
        onCancel={onDone}
      />
    </Card>
  );
}
