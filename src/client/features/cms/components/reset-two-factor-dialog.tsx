import { type FormEvent, useState } from "react";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/client/components/ui/dialog";
import { useResetUserTwoFactor } from "@/client/features/cms/api/reset-user-two-factor";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { totpCodeSchema } from "@/shared/second-factor";

/** CMS Users: start a member's two-factor reset (docs/product.md §2.24). */
export function ResetTwoFactorDialog({ id, name }: { id: string; name: string }) {
  const reset = useResetUserTwoFactor();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    try {
      await reset.mutateAsync({ id, code: parsed.data });
    } catch (caught) {
      setError(
        caught instanceof ApiError ? (caught.fields?.code ?? caught.message) : errorMessage(caught),
      );
      return;
    }
    setOpen(false);
    setCode("");
    setError(undefined);
    toast.success("Reset link sent");
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button type="button" variant="outline" size="sm">
          Reset two-factor
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reset two-factor authentication for {name}?</DialogTitle>
          <DialogDescription>
            We email them a link that turns it off when they open it. Confirm with a code from your
            own authenticator app.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id={`reset-two-factor-${id}`}
            label="Your code"
            inputMode="numeric"
            autoComplete="one-time-code"
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <Button type="submit" className="w-fit" disabled={reset.isPending}>
            {reset.isPending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
