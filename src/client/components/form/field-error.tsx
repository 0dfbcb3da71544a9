import type * as React from "react";
import { cn } from "@/client/lib/cn";

/** A field's validation message, shown in red under it (link it with aria-describedby). */
export function FieldError({ className, ...props }: React.ComponentProps<"p">) {
  return <p className={cn("text-destructive text-sm", className)} {...props} />;
}
