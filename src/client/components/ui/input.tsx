import type * as React from "react";
import { cn } from "../../lib/cn";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return (
    <input
      type={type}
      className={cn(
        "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm",
        "file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm",
        className,
      )}
      {...props}
    />
  );
}
