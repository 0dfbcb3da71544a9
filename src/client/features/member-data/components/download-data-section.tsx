import { Download } from "lucide-react";
import { Button } from "@/client/components/ui/button";
import { useDownloadMyData } from "@/client/features/member-data/api/download-my-data";
import { errorMessage } from "@/client/lib/api-client";
import { toast } from "@/client/lib/toast";
import { EXPORT_LINK_DAYS } from "@/shared/constants";
import { MemberDataCard } from "./member-data-card";

/** "Download my data" (docs/product.md §2.14): one JSON file of everything held about you. */
export function DownloadDataSection() {
  const download = useDownloadMyData();
  const onDownload = () =>
    download.mutate(undefined, {
      onSuccess: (outcome) => {
        if (outcome.status === "queued") {
          toast.info("We're preparing your data", {
            description: `There is a lot of it. We'll email a download link to ${outcome.email}; it works for ${EXPORT_LINK_DAYS} days.`,
          });
        } else {
          toast.success("Your data is downloading");
        }
      },
      onError: (error) =>
        toast.error("Failed to download your data.", { description: errorMessage(error) }),
    });

  return (
    <MemberDataCard
      id="settings-data"
      title="Your data"
      description="Download everything we hold about you: your account, profile, discussions, replies, notifications, settings and what you sent us, in one JSON file."
    >
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={download.isPending}
        onClick={onDownload}
      >
        <Download aria-hidden="true" />
        {download.isPending ? "Preparing..." : "Download my data"}
      </Button>
    </MemberDataCard>
  );
}
