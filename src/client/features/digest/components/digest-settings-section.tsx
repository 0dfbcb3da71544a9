import { useRef } from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";
import { NativeSelect } from "@/client/components/ui/native-select";
import { useScrollToAnchor } from "@/client/hooks/use-scroll-to-anchor";
import { toast } from "@/client/lib/toast";
import { DIGEST_CHOICE_LABELS, DIGEST_CHOICES, type DigestChoice } from "@/shared/digest";
import { useDigestSetting, useUpdateDigestSetting } from "../api/digest-setting";

/**
 * /settings#digest (issue 43): how often the digest of what the member missed is mailed. The
 * digest mail's settings link and the `digest_offer` notification open this section.
 */
export function DigestSettingsSection() {
  const setting = useDigestSetting();
  const update = useUpdateDigestSetting();
  const section = useRef<HTMLElement>(null);
  useScrollToAnchor(section, !setting.isPending);
  return (
    <section ref={section} id="digest" aria-labelledby="digest-heading" className="scroll-mt-20">
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id="digest-heading" className="text-xl">
              Digest of what you missed
            </h2>
          </CardTitle>
          <CardDescription>
            An email with the discussions you missed, replies to your discussions and mentions you
            have not seen. Sent only when you have not visited in that time, and only when there is
            something new.
          </CardDescription>
        </CardHeader>
        <CardContent>
          {setting.isPending ? (
            <p className="text-muted-foreground text-sm">Loading...</p>
          ) : setting.isError ? (
            <p className="text-sm">Could not load your digest setting.</p>
          ) : (
            <div className="grid gap-1 sm:grid-cols-[1fr_12rem] sm:items-center sm:gap-4">
              <label htmlFor="digest-choice" className="font-medium text-sm">
                Send the digest
              </label>
              <NativeSelect
                id="digest-choice"
                value={setting.data.digest}
                disabled={update.isPending}
                onChange={(event) =>
                  update.mutate(event.target.value as DigestChoice, {
                    onSuccess: () => toast.success("Digest settings saved"),
                    onError: () => toast.error("Failed to save digest settings."),
                  })
                }
              >
                {DIGEST_CHOICES.map((choice) => (
                  <option key={choice} value={choice}>
                    {DIGEST_CHOICE_LABELS[choice]}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
        </CardContent>
      </Card>
    </section>
  );
}
