// Settings' passkeys card (docs/product.md §2.24, decision 063): add a passkey (named by the
// member, or after this browser), list them with when each was added and last used, rename
// and remove. Removing the only second factor asks the password and signs other devices out.
import { format } from "date-fns";
import { KeyRound } from "lucide-react";
import { type FormEvent, type ReactNode, useState } from "react";
import { TextField } from "@/client/components/form/text-field";
import { PasskeysWithScripts } from "@/client/components/passkeys-with-scripts";
import { RelativeTime } from "@/client/components/relative-time";
import { Button } from "@/client/components/ui/button";
import { useAddPasskey } from "@/client/features/account/api/add-passkey";
import { usePasskeys } from "@/client/features/account/api/get-passkeys";
import { useRemovePasskey } from "@/client/features/account/api/remove-passkey";
import { useRenamePasskey } from "@/client/features/account/api/rename-passkey";
import { ApiError, errorMessage } from "@/client/lib/api-client";
import { passkeyPromptMessage } from "@/client/lib/passkey-prompt-message";
import { toast } from "@/client/lib/toast";
import { PASSKEY_NAME_MAX, type PasskeySummary } from "@/shared/passkeys";
import { SettingsSection } from "./settings-section";

/** An API refusal's words, or the browser prompt's in the product's words. */
function failureMessage(error: unknown): string {
  return error instanceof ApiError ? errorMessage(error) : passkeyPromptMessage(error);
}

export function PasskeysSection({ email }: { email: string }) {
  const passkeys = usePasskeys();

  let list: ReactNode;
  if (passkeys.isPending) {
    list = <p className="text-muted-foreground text-sm">Loading...</p>;
  } else if (passkeys.isError) {
    list = (
      <div className="flex items-center gap-3 text-sm">
        <p>Could not load your passkeys.</p>
        <Button variant="outline" size="sm" onClick={() => void passkeys.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (passkeys.data.passkeys.length === 0) {
    list = <p className="text-muted-foreground text-sm">You have no passkeys yet.</p>;
  } else {
    const { authenticatorApp } = passkeys.data;
    const onlyOne = passkeys.data.passkeys.length === 1;
    list = (
      <ul aria-label="Your passkeys" className="divide-y">
        {passkeys.data.passkeys.map((passkey) => (
          <PasskeyItem
            key={passkey.id}
            email={email}
            passkey={passkey}
            lastFactor={onlyOne && !authenticatorApp}
          />
        ))}
      </ul>
    );
  }

  return (
    <SettingsSection
      id="settings-passkeys"
      title="Passkeys"
      description="Sign in with your fingerprint, face or screen lock instead of your password. A passkey also counts as your second factor."
    >
      <div className="grid gap-6">
        {list}
        <PasskeysWithScripts>
          <AddPasskey />
        </PasskeysWithScripts>
      </div>
    </SettingsSection>
  );
}

function AddPasskey() {
  const add = useAddPasskey();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      const added = await add.mutateAsync(name.trim());
      setName("");
      toast.success("Passkey added", { description: `“${added.name}” now signs you in.` });
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fields?.name : undefined;
      setError(fieldError ?? failureMessage(failure));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
      <TextField
        id="passkey-new-name"
        label="Name (optional)"
        hint="Leave it empty to name it after this browser and device."
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error ?? undefined}
      />
      <Button type="submit" className="w-fit" disabled={add.isPending}>
        {add.isPending ? "Waiting for your device..." : "Add a passkey"}
      </Button>
    </form>
  );
}

type Mode = "view" | "rename" | "remove";

function PasskeyItem({
  email,
  passkey,
  lastFactor,
}: {
  email: string;
  passkey: PasskeySummary;
  lastFactor: boolean;
}) {
  const [mode, setMode] = useState<Mode>("view");
  return (
    <li className="grid gap-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <KeyRound aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
        <div className="grid min-w-0 flex-1 gap-1">
          <p className="wrap-anywhere font-medium">{passkey.name}</p>
          <p className="text-muted-foreground text-sm">
            Added {format(new Date(passkey.createdAt), "d MMMM yyyy")}
            <span aria-hidden="true"> · </span>
            {passkey.lastUsedAt ? (
              <RelativeTime value={passkey.lastUsedAt} prefix="Last used" />
            ) : (
              "Not used yet"
            )}
          </p>
        </div>
        {mode === "view" ? (
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => setMode("rename")}>
              Rename<span className="sr-only"> {passkey.name}</span>
            </Button>
            <Button variant="outline" size="sm" onClick={() => setMode("remove")}>
              Remove<span className="sr-only"> {passkey.name}</span>
            </Button>
          </div>
        ) : null}
      </div>
      {mode === "rename" ? <RenameForm passkey={passkey} onDone={() => setMode("view")} /> : null}
      {mode === "remove" ? (
        <RemoveForm
          email={email}
          passkey={passkey}
          lastFactor={lastFactor}
          onCancel={() => setMode("view")}
        />
      ) : null}
    </li>
  );
}

function RenameForm({ passkey, onDone }: { passkey: PasskeySummary; onDone: () => void }) {
  const rename = useRenamePasskey();
  const [name, setName] = useState(passkey.name);
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    try {
      await rename.mutateAsync({ id: passkey.id, name });
      onDone();
    } catch (failure) {
      const fieldError = failure instanceof ApiError ? failure.fields?.name : undefined;
      setError(fieldError ?? errorMessage(failure));
    }
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-sm">
      <TextField
        id={`passkey-name-${passkey.id}`}
        label="Passkey name"
        maxLength={PASSKEY_NAME_MAX}
        autoComplete="off"
        autoFocus
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error ?? undefined}
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" disabled={rename.isPending}>
          {rename.isPending ? "Saving..." : "Save"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function RemoveForm({
  email,
  passkey,
  lastFactor,
  onCancel,
}: {
  email: string;
  passkey: PasskeySummary;
  lastFactor: boolean;
  onCancel: () => void;
}) {
  const remove = useRemovePasskey();
  // The server may say it is the last factor after all (another was removed meanwhile).
  const [askPassword, setAskPassword] = useState(lastFactor);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    try {
      await remove.mutateAsync({ id: passkey.id, password: askPassword ? password : undefined });
    } catch (failure) {
      if (failure instanceof ApiError && failure.code === "PASSWORD_REQUIRED" && !askPassword) {
        setAskPassword(true);
      }
      const fieldError = failure instanceof ApiError ? failure.fields?.password : undefined;
      setError(fieldError ?? errorMessage(failure));
      return;
    }
    toast.success(
      "Passkey removed",
      askPassword ? { description: "Your other sessions have been signed out." } : undefined,
    );
  };
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-3 sm:max-w-sm">
      <p className="text-sm">
        {askPassword
          ? "This passkey is your only second factor: removing it turns two-factor authentication off and signs out your other devices. Enter your password to remove it."
          : `Remove “${passkey.name}”? It will no longer sign you in.`}
      </p>
      {askPassword ? (
        <>
          <input
            type="email"
            name="username"
            autoComplete="username"
            value={email}
            readOnly
            hidden
          />
          <TextField
            id={`passkey-remove-password-${passkey.id}`}
            label="Password"
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={error ?? undefined}
          />
        </>
      ) : error ? (
        <p role="alert" className="text-destructive text-sm">
          {error}
        </p>
      ) : null}
      <div className="flex gap-2">
        <Button type="submit" size="sm" variant="destructive" disabled={remove.isPending}>
          {remove.isPending ? "Removing..." : "Remove passkey"}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
