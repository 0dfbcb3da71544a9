import { cva, type VariantProps } from "class-variance-authority";
import { CircleAlert, CircleCheck, Info } from "lucide-react";
import type * as React from "react";
import { cn } from "@/client/lib/cn";

const noticeVariants = cva("flex gap-3 rounded-lg border p-4 text-sm leading-relaxed", {
  variants: {
    tone: {
      info: "border-primary/30 bg-accent/50",
      success: "border-success/30 bg-success/5",
      error: "border-destructive/30 bg-destructive/5",
    },
  },
  defaultVariants: { tone: "info" },
});

const ICONS = { info: Info, success: CircleCheck, error: CircleAlert } as const;
const ICON_COLOURS = {
  info: "text-primary",
  success: "text-success",
  error: "text-destructive",
} as const;

type NoticeProps = React.ComponentProps<"div"> & VariantProps<typeof noticeVariants>;

/**
 * A boxed message with an icon for its tone: what happened and what to do next. Give it
 * role="status" or role="alert" when it appears in answer to something the person did.
 */
export function Notice({ tone, className, children, ...props }: NoticeProps) {
  const key = tone ?? "info";
  const Icon = ICONS[key];
  return (
    <div className={cn(noticeVariants({ tone }), className)} {...props}>
      <Icon aria-hidden="true" className={cn("mt-0.5 size-4 shrink-0", ICON_COLOURS[key])} />
      <div className="grid min-w-0 flex-1 gap-3 wrap-anywhere">{children}</div>
    </div>
  );
}
