import type * as React from "react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "./ui/card";

type CenteredCardProps = {
  /** The page's heading (an <h1>). */
  title: string;
  description?: React.ReactNode;
  children: React.ReactNode;
};

/** One card in the middle of the page, styled like the sign-in card: for single-task pages. */
export function CenteredCard({ title, description, children }: CenteredCardProps) {
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-12 sm:items-center">
      <Card className="w-full max-w-md">
        <CardHeader className="text-center">
          <CardTitle asChild>
            <h1>{title}</h1>
          </CardTitle>
          {description ? <CardDescription>{description}</CardDescription> : null}
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </div>
  );
}
