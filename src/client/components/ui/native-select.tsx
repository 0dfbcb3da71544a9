import { ChevronDown } from "lucide-react";
import type * as React from "react";
import { cn } from "@/client/lib/cn";

// The browser's own <select>, styled like the other fields: on a phone it opens the system
// picker, and it costs no script. The Radix select it replaces on the members directory
// (about 20 KB gzipped with floating-ui) kept a phone's main thread busy for some 200 ms
// while the page loaded (bench/RESULTS.md, Lighthouse).
export function NativeSelect({ className, children, ...props }: React.ComponentProps<"select">) {
  return (
    <div className={cn("relative", className)}>
      <select
        className="h-10 w-full appearance-none rounded-md border border-input bg-card py-2 pr-9 pl-3 text-base shadow-xs disabled:cursor-not-allowed disabled:opacity-60 md:text-sm"
        {...props}
      >
        {children}
      </select>
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
    </div>
  );
}
