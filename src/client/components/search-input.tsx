import { Search } from "lucide-react";
import type * as React from "react";
import { cn } from "@/client/lib/cn";
import { Input } from "./ui/input";

type SearchInputProps = Omit<React.ComponentProps<typeof Input>, "type" | "className"> & {
  /** Classes for the box around the input and its icon (its width in the layout). */
  className?: string;
};

/** A search box with the magnifier inside it; name it with aria-label. */
export function SearchInput({ className, ...inputProps }: SearchInputProps) {
  return (
    <div className={cn("relative", className)}>
      <Search
        aria-hidden="true"
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input type="search" className="pl-9" {...inputProps} />
    </div>
  );
}
