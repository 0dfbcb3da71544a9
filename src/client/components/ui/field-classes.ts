// The form-control styles as plain class strings, apart from input.tsx (which merges them with
// cn()), so the home page's forms and components/form/textarea-field.tsx can use them without
// tailwind-merge: the home page has a 100 KB JavaScript budget (docs/decisions/007).

export const inputClassName =
  "flex h-10 w-full min-w-0 rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm file:border-0 file:bg-transparent file:font-medium file:text-foreground file:text-sm";

export const textareaClassName =
  "flex min-h-24 w-full rounded-md border border-input bg-card px-3 py-2 text-base shadow-xs placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-60 aria-invalid:border-destructive md:text-sm";

export const labelClassName = "font-medium text-sm leading-none";

export const fieldErrorClassName = "text-destructive text-sm";
