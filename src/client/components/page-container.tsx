import type * as React from "react";
import { cn } from "@/client/lib/cn";

/** The centred column every page's content sits in. */
export function PageContainer({ className, ...props }: React.ComponentProps<"div">) {
  return <div className={cn("mx-auto w-full max-w-6xl px-4 py-12", className)} {...props} />;
}
