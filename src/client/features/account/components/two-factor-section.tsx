// Settings' two-factor card (docs/product.md §2.24, decision 060): set up an authenticator app
// (QR code and key, on once a code is confirmed), the recovery codes shown once, new codes and
// turning off with the password and a code.
import { zodResolver } from "@hookform/resolvers/zod";
import { format } from "date-fns";
import { type ReactNode, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { TextField } from "@/client/components/form/text-field";
import { Button } from "@/client/components/ui/button";
import { useConfirmTwoFactor } from "@/client/features/account/api/confirm-two-factor";
import { useDisableTwoFactor } from "@/client/features/account/api/disable-two-factor";
import { useEnableTwoFactor } from "@/client/features/account/api/enable-two-factor";
import { useRegenerateRecoveryCodes } from "@/client/features/account/api/regenerate-recovery-codes";
import { useTwoFactorStatus } from "@/client/features/account/api/two-factor-status";
import { errorMessage } from "@/client/lib/api-client";
import { setServerFieldErrors } from "@/client/lib/server-field-errors";
import { toast } from "@/client/lib/toast";
import { passwordSchema } from "@/shared/schemas";
import {
  anySecondFactorCodeSchema,
  type EnableTwoFactorInput,
  enableTwoFactorSchema,
  type TwoFactorEnrolment,
  type VerifyTotpInput,
  verifyTotpSchema,
} from "@/shared/second-factor";
import { SettingsSection } from "./settings-section";
import { TotpQrCode } from "./totp-qr-code";

export function TwoFactorSection({ email }: { email: string }) {
  const status = useTwoFactorStatus();
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const [shownCodes, setShownCodes] = useState<string[] | null>(null);

  let body: ReactNode;
  if (shownCodes) {
    body = <RecoveryCodes codes={shownCodes} onDone={() => setShownCodes(null)} />;
  } else if (enrolment) {
    body = (
      <ConfirmApp
        enrolment={enrolment}
        onCancel={() => setEnrolment(null)}
        onConfirmed={() => {
          setShownCodes(enrolment.recoveryCodes);
          setEnrolment(null);
        }}
      />
    );
  } else if (status.isPending) {
    body = <p className="text-muted-foreground text-sm">Loading...</p>;
  } else if (status.isError) {
    body = (
      <div className="flex items-center gap-3 text-sm">
        <p>Could not load your two-factor settings.</p>
        <Button variant="outline" size="sm" onClick={() => void status.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (status.data.enabled) {
    body = (
      <ManageTwoFactor email={email} enabledAt={status.data.enabledAt} onNewCodes={setShownCodes} />
    );
  } else {
    body = <StartSetUp email={email} onStarted={setEnrolment} />;
  }

  return (
    <SettingsSection
      id="settings-two-factor"
      title="Two-factor authentication"
      description="Protect your account with a code from an authenticator app as well as your password."
    >
      {body}
    </SettingsSection>
  );
}

function StartSetUp({
  email,
  onStarted,
}: {
  email: string;
  onStarted: (enrolment: TwoFactorEnrolment) => void;
}) {
  const enable = useEnableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EnableTwoFactorInput>({
    resolver: zodResolver(enableTwoFactorSchema),
    defaultValues: { password: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      onStarted(await enable.mutateAsync(values));
    } catch (error) {
      if (!setServerFieldErrors(error, setError, ["password"])) toast.error(errorMessage(error));
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="two-factor-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <Button type="submit" className="w-fit" disabled={isSubmitting}>
        {isSubmitting ? "Starting..." : "Set up two-factor authentication"}
      </Button>
    </form>
  );
}

function ConfirmApp({
  enrolment,
  onCancel,
  onConfirmed,
}: {
  enrolment: TwoFactorEnrolment;
  onCancel: () => void;
  onConfirmed: () => void;
}) {
  const confirm = useConfirmTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof verifyTotpSchema>, unknown, VerifyTotpInput>({
    resolver: zodResolver(verifyTotpSchema),
    defaultValues: { code: "" },
  });
  const onSubmit = handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync(values);
    } catch (error) {
      if (!setServerFieldErrors(error, setError, ["code"])) toast.error(errorMessage(error));
      return;
    }
    toast.success("Two-factor authentication is on");
    onConfirmed();
  });
  return (
    <div className="grid gap-4">
      <p className="text-sm">Scan this QR code with your authenticator app, or type in the key.</p>
      <TotpQrCode uri={enrolment.totpUri} />
      <p className="text-sm">
        Key:{" "}
        <code data-testid="totp-secret" className="break-all rounded bg-muted px-1 font-mono">
          {enrolment.secret}
        </code>
      </p>
      <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:max-w-sm">
        <TextField
          id="two-factor-confirm-code"
          label="Code from the app"
          inputMode="numeric"
          autoComplete="one-time-code"
          error={errors.code?.message}
          {...register("code")}
        />
        <div className="flex gap-2">
          <Button type="submit" disabled={isSubmitting}>
            {isSubmitting ? "Checking..." : "Turn on"}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            Cancel
          </Button>
        </div>
      </form>
    </div>
  );
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <div className="grid gap-3">
      <h3 className="font-medium">Save your recovery codes</h3>
      <p className="text-muted-foreground text-sm">
        Each code signs you in once if you lose your authenticator app. Keep them somewhere safe:
        they are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 font-mono">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex gap-2">
        <Button
          type="button"
          variant="outline"
          onClick={() => void navigator.clipboard?.writeText(codes.join("\n"))}
        >
          Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          Done
        </Button>
      </div>
    </div>
  );
}

const manageSchema = z.object({ password: passwordSchema, code: anySecondFactorCodeSchema });
type ManageInput = z.output<typeof manageSchema>;

function ManageTwoFactor({
  email,
  enabledAt,
  onNewCodes,
}: {
  email: string;
  enabledAt: string | null;
  onNewCodes: (codes: string[]) => void;
}) {
  const regenerate = useRegenerateRecoveryCodes();
  const disable = useDisableTwoFactor();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof manageSchema>, unknown, ManageInput>({
    resolver: zodResolver(manageSchema),
    defaultValues: { password: "", code: "" },
  });
  const failed = (error: unknown) => {
    if (!setServerFieldErrors(error, setError, ["password", "code"])) {
      toast.error(errorMessage(error));
    }
  };
  const onNewCodesSubmit = handleSubmit(async (values) => {
    try {
      const { recoveryCodes } = await regenerate.mutateAsync(values);
      reset();
      onNewCodes(recoveryCodes);
    } catch (error) {
      failed(error);
    }
  });
  const onTurnOff = handleSubmit(async (values) => {
    try {
      await disable.mutateAsync(values);
    } catch (error) {
      failed(error);
      return;
    }
    reset();
    toast.success("Two-factor authentication is off", {
      description: "Your other sessions have been signed out.",
    });
  });
  return (
    <form onSubmit={onNewCodesSubmit} noValidate className="grid gap-4 sm:max-w-sm">
      <p className="text-sm">
        {enabledAt
          ? `Two-factor authentication is on since ${format(new Date(enabledAt), "d MMMM yyyy")}.`
          : "Two-factor authentication is on."}
      </p>
      <input type="email" name="username" autoComplete="username" value={email} readOnly hidden />
      <TextField
        id="two-factor-manage-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <TextField
        id="two-factor-manage-code"
        label="Code from your app or a recovery code"
        autoComplete="one-time-code"
        error={errors.code?.message}
        {...register("code")}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" variant="outline" disabled={isSubmitting}>
          New recovery codes
        </Button>
        <Button type="button" variant="destructive" disabled={isSubmitting} onClick={onTurnOff}>
          Turn off
        </Button>
      </div>
    </form>
  );
}
