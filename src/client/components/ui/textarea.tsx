import type * as React from "react";
import { cn } from "../../lib/cn";
import { textareaClassName } from "./field-classes";

export function Textarea({ className, ...props }: React.ComponentProps<"textarea">) {
  return <textarea className={cn(textareaClassName, className)} {...props} />;
}
