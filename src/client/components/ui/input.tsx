import type * as React from "react";
import { cn } from "@/client/lib/cn";
import { inputClassName } from "./field-classes";

export function Input({ className, type = "text", ...props }: React.ComponentProps<"input">) {
  return <input type={type} className={cn(inputClassName, className)} {...props} />;
}
