import type * as React from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";

type MemberDataCardProps = {
  id: string;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
  /** The red border of an action that cannot be undone. */
  danger?: boolean;
};

/** One titled card on the settings page, labelling its region for assistive technology. */
export function MemberDataCard({ id, title, description, children, danger }: MemberDataCardProps) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`}>
      <Card className={danger ? "border-destructive/50" : undefined}>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={`${id}-heading`} className="text-xl">
              {title}
            </h2>
          </CardTitle>
          <CardDescription>{description}</CardDescription>
        </CardHeader>
        <CardContent>{children}</CardContent>
      </Card>
    </section>
  );
}
