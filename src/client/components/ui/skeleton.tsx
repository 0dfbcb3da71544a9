import type * as React from "react";

type SkeletonProps = React.ComponentProps<"div"> & {
  /** "circle" for an avatar's place; a rounded box otherwise. */
  shape?: "box" | "circle";
};

// Without cn() and tailwind-merge: the home page's sections below the hero show skeletons, and
// this was the only thing there that pulled that chunk (8.6 KB) into the home page's download.
// The shape is a prop so that no caller needs to override a class of the base.
export function Skeleton({ className, shape = "box", ...props }: SkeletonProps) {
  const rounded = shape === "circle" ? "rounded-full" : "rounded-md";
  return (
    <div
      aria-hidden="true"
      className={`animate-pulse ${rounded} bg-muted motion-reduce:animate-none${className ? ` ${className}` : ""}`}
      {...props}
    />
  );
}
