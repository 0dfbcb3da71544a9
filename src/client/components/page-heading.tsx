import type * as React from "react";
import { cn } from "@/client/lib/cn";

export function PageHeading({ className, ...props }: React.ComponentProps<"h1">) {
  return (
    <h1 className={cn("font-bold text-3xl tracking-tight sm:text-4xl", className)} {...props} />
  );
}
