import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { NativeSelect } from "@/client/components/ui/native-select";
import { toast } from "@/client/lib/toast";
import {
  EMAIL_CHOICE_LABELS,
  EMAIL_CHOICES,
  type EmailChoice,
  KIND_LABELS,
  NOTIFICATION_KINDS,
} from "@/shared/notifications";
import {
  useNotificationSettings,
  useUpdateNotificationSettings,
} from "../api/notification-settings";

/** /settings: an email choice per kind (immediately, daily digest, off). */
export function NotificationSettingsSection() {
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <section id="notifications" aria-labelledby="notifications-heading">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="notifications-heading" className="text-xl">
              Notifications
            </h2>
          </CardTitle>
          <CardDescription>
            What we email you about. Everything also shows under the bell; a muted discussion sends
            nothing.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {settings.isPending ? (
            <p className="text-muted-foreground text-sm">Loading...</p>
          ) : settings.isError ? (
            <p className="text-sm">Could not load your notification settings.</p>
          ) : (
            <ul className="grid gap-3">
              {NOTIFICATION_KINDS.map((kind) => {
                const id = `email-${kind}`;
                return (
                  <li
                    key={kind}
                    className="grid gap-1 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-4"
                  >
                    <label htmlFor={id} className="font-medium text-sm">
                      {KIND_LABELS[kind]}
                    </label>
                    <NativeSelect
                      id={id}
                      value={settings.data.email[kind]}
                      disabled={update.isPending}
                      onChange={(event) =>
                        update.mutate(
                          { [kind]: event.target.value as EmailChoice },
                          {
                            onSuccess: () => toast.success("Notification settings saved"),
                            onError: () => toast.error("Failed to save notification settings."),
                          },
                        )
                      }
                    >
                      {EMAIL_CHOICES.map((choice) => (
                        <option key={choice} value={choice}>
                          {EMAIL_CHOICE_LABELS[choice]}
                        </option>
                      ))}
                    </NativeSelect>
                  </li>
                );
              })}
            </ul>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
