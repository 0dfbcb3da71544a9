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
import { confirmWithPasskey } from "@/client/lib/confirm-with-passkey";
import { passkeyPromptMessage } from "@/client/lib/passkey-prompt-message";
import { toast } from "@/client/lib/toast";
import { totpCodeSchema } from "@/shared/second-factor";

/**
 * CMS Users: start a member's two-factor reset (docs/product.md §2.24). The admin confirms with
 * a code from their own app or, the field left empty, with their own passkey (decision 063), as
 * an email change does.
 */
export function ResetTwoFactorDialog({ id, name }: { id: string; name: string }) {
  const reset = useResetUserTwoFactor();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = code.trim() ? totpCodeSchema.safeParse(code) : null;
    if (parsed && !parsed.success) {
      setError(parsed.error.issues[0]?.message);
      return;
    }
    setPending(true);
    try {
      const proof = parsed ? { code: parsed.data } : { passkey: await confirmWithPasskey() };
      await reset.mutateAsync({ id, ...proof });
    } catch (caught) {
      if (caught instanceof ApiError) setError(caught.fields?.code ?? caught.message);
      else setError(parsed ? errorMessage(caught) : passkeyPromptMessage(caught));
      return;
    } finally {
      setPending(false);
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
            own authenticator app, or with your passkey.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" noValidate onSubmit={(event) => void submit(event)}>
          <TextField
            id={`reset-two-factor-${id}`}
            label="Your code"
            inputMode="numeric"
            autoComplete="one-time-code"
            hint="Or leave it empty to confirm with your passkey."
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={error}
          />
          <Button type="submit" className="w-fit" disabled={pending}>
            {pending ? "Sending..." : "Send reset link"}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}
