import { Flag } from "lucide-react";
import { Suspense, useRef, useState } from "react";
import { Button } from "@/client/components/ui/button";
import { lazyComponent } from "@/client/lib/lazy-component";
import type { ReportTarget } from "@/shared/moderation";
import type { ReportDialogProps } from "./report-dialog";

// The form and its dialog (Radix) come with the first use: a thread has one Report a post, and
// most are never pressed (issue 48: each post's dialog root was part of every member's render
// and hydration). Pointing at the button or focusing it starts the download.
const loadDialog = () => import("./report-dialog");
const ReportDialog = lazyComponent<"ReportDialog", ReportDialogProps>(loadDialog, "ReportDialog");

type ReportButtonProps = {
  targetKind: ReportTarget;
  targetId: string;
  /** Whose item, for the button's accessible name. */
  label: string;
  size?: "sm" | "default";
};

/**
 * "Report" on a discussion, a reply, a profile or a tag, for signed-in members (docs/decisions/027,
 * 070).
 */
export function ReportButton({ targetKind, targetId, label, size = "sm" }: ReportButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  return (
    <>
      <Button
        ref={button}
        type="button"
        // Beside the profile's outlined buttons it is outlined too; in a thread it stays quiet.
        variant={size === "sm" ? "ghost" : "outline"}
        size={size}
        className={size === "sm" ? "h-8 px-2" : undefined}
        aria-label={`Report ${label}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      {used ? (
        <Suspense fallback={null}>
          <ReportDialog
            targetKind={targetKind}
            targetId={targetId}
            open={open}
            onOpenChange={setOpen}
            opener={button}
          />
        </Suspense>
      ) : null}
    </>
  );
}
