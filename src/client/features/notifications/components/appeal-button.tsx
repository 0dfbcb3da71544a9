import { useId, useState } from "react";
import { TextareaField } from "@/client/components/form/textarea-field";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { LIMITS } from "@/shared/constants";
import { useSendAppeal } from "../api/send-appeal";

/** Appeal, once, a moderator's action on one's content or account (docs/decisions/027). */
export function AppealButton({ actionId }: { actionId: string }) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState("");
  const [error, setError] = useState<string | undefined>();
  const send = useSendAppeal();

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setError("Appeal is required");
      return;
    }
    send.mutate(
      { actionId, message },
      {
        onSuccess: () => {
          toast.success("Appeal sent", { description: "A moderator will look at it again." });
          setOpen(false);
        },
        onError: (caught) => setError(errorMessage(caught)),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline" size="sm" className="shrink-0">
          Appeal
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Appeal this decision</DialogTitle>
          <DialogDescription>
            Say why the decision should change. You can appeal each decision once.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={submit}>
          <TextareaField
            id={`${id}-message`}
            label="Your appeal"
            rows={4}
            value={message}
            maxLength={LIMITS.appeal}
            error={error}
            counter={{ length: message.length, max: LIMITS.appeal }}
            onChange={(event) => setMessage(event.target.value)}
          />
          <div className="flex justify-end gap-2">
            <Button type="button" variant="ghost" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={send.isPending}>
              {send.isPending ? "Sending..." : "Send appeal"}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
