import type * as React from "react";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "@/client/components/ui/card";

type SettingsSectionProps = {
  /** Names the section for assistive technology too (it labels the region). */
  id: string;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
};

/** One titled card on the settings page. */
export function SettingsSection({ id, title, description, children }: SettingsSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={headingId}>
      <Card>
        <CardHeader>
          <CardTitle asChild>
            <h2 id={headingId} className="text-xl">
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
