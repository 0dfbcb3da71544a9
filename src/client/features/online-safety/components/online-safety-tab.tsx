// The CMS Online safety tab (issue 46, docs/decisions/076): the illegal content risk assessment
// in Ofcom's four steps, one entry per kind, the children's access assessment, the children's
// risk assessment when it applies, and the accountable person. Admins save; moderators read.
import { Printer } from "lucide-react";
import type { ReactNode } from "react";
import { TabHeader } from "@/client/components/tab-header";
import { Button } from "@/client/components/ui/button";
import { Card } from "@/client/components/ui/card";
import {
  type OnlineSafetyEvidence,
  type OnlineSafetyMeasure,
  RISK_ASSESSMENT_STEPS,
} from "@/shared/online-safety";
import { useOnlineSafety } from "../api/get-online-safety";
import { AssessmentForm } from "./assessment-form";
import { ChildrenAccessForm } from "./children-access-form";
import { ChildrenRiskSection } from "./children-risk-section";
import { ResponsibilityForm } from "./responsibility-form";
import { RiskKindList } from "./risk-kind-list";

const DOCUMENT = "/api/cms/online-safety/document";

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3">
      <h3 id={id} className="font-semibold font-serif text-xl">
        {title}
      </h3>
      {children}
    </section>
  );
}

function Figures({ evidence }: { evidence: OnlineSafetyEvidence }) {
  const table = (caption: string, rows: { name: string; lastYear: number; total: number }[]) => (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="mb-1 text-left font-medium">{caption}</caption>
        <thead>
          <tr className="border-b">
            <th scope="col" className="py-1 pr-3">
              {caption.startsWith("Reports") ? "Reason" : "Action"}
            </th>
            <th scope="col" className="py-1 pr-3">
              Last 12 months
            </th>
            <th scope="col" className="py-1">
              All time
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={3} className="py-1 text-muted-foreground">
                None
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={row.name} className="border-b last:border-0">
                <td className="py-1 pr-3">{row.name}</td>
                <td className="py-1 pr-3">{row.lastYear}</td>
                <td className="py-1">{row.total}</td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
  const m = evidence.members;
  return (
    <Card className="flex flex-col gap-4 p-4">
      <p className="text-sm">
        Members: {m.total} (admins {m.admins}, moderators {m.moderators}, suspended now{" "}
        {m.suspended}). Appeals: {evidence.appeals.total}, decisions reversed{" "}
        {evidence.appeals.reversed}.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {table(
          "Reports by reason",
          evidence.reportsByReason.map((r) => ({ name: r.reason, ...r })),
        )}
        {table(
          "Moderation actions",
          evidence.actionsByKind.map((r) => ({ name: r.action, ...r })),
        )}
      </div>
    </Card>
  );
}

function Measures({ measures }: { measures: OnlineSafetyMeasure[] }) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2">
      {measures.map((measure) => (
        <li key={measure.key} className="rounded-md border border-border p-3 text-sm">
          <span className="font-medium">{measure.label}</span>{" "}
          <span className="text-muted-foreground">
            ({measure.state === "always" ? "always on" : measure.state})
          </span>
          <p className="text-muted-foreground">{measure.detail}</p>
        </li>
      ))}
    </ul>
  );
}

export function OnlineSafetyTab() {
  const records = useOnlineSafety();
  return (
    <div className="flex flex-col gap-8">
      <TabHeader
        title="Online safety"
        description="The Online Safety Act records: the illegal content risk assessment, the children's access and risk assessments, and who is accountable. Every save is kept as a version."
        action={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="outline">
              <a href={DOCUMENT} target="_blank" rel="noopener">
                <Printer aria-hidden="true" />
                Print the records
              </a>
            </Button>
            <Button asChild variant="outline">
              <a href={`${DOCUMENT}?history=all&download=1`}>Download every version</a>
            </Button>
          </div>
        }
      />
      {records.isPending ? (
        <p className="text-muted-foreground text-sm">Loading the records...</p>
      ) : records.isError ? (
        <div className="flex items-center gap-3 text-sm">
          <p>Failed to load the records.</p>
          <Button variant="outline" size="sm" onClick={() => void records.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {records.data.canEdit ? null : (
            <p className="rounded-md border border-border bg-muted p-3 text-sm">
              Moderators read these records; only admins change them.
            </p>
          )}
          <Section id="osa-responsibility" title="Accountable person">
            <ResponsibilityForm
              current={records.data.responsibility}
              admins={records.data.admins}
              canEdit={records.data.canEdit}
            />
          </Section>
          <Section id="osa-steps" title="The risk assessment in four steps">
            <ol className="grid gap-3 md:grid-cols-2">
              {RISK_ASSESSMENT_STEPS.map((step) => (
                <li key={step.title} className="rounded-md border border-border p-3 text-sm">
                  <p className="font-medium">{step.title}</p>
                  <p className="text-muted-foreground">{step.text}</p>
                </li>
              ))}
            </ol>
            <AssessmentForm
              recordKey="assessment"
              current={records.data.assessment}
              canEdit={records.data.canEdit}
            />
          </Section>
          <Section id="osa-figures" title="The site's figures">
            <Figures evidence={records.data.evidence} />
          </Section>
          <Section id="osa-measures" title="The site's measures">
            <Measures measures={records.data.measures} />
          </Section>
          <Section id="osa-kinds" title="Each kind of illegal content">
            <RiskKindList
              prefix="risk"
              kinds={records.data.kinds}
              entries={records.data.entries}
              measures={records.data.measures}
              canEdit={records.data.canEdit}
            />
          </Section>
          <Section id="osa-children" title="Children's access assessment">
            <ChildrenAccessForm
              current={records.data.childrenAccess}
              canEdit={records.data.canEdit}
            />
          </Section>
          <Section id="osa-children-risk" title="Children's risk assessment">
            <ChildrenRiskSection records={records.data} />
          </Section>
        </>
      )}
    </div>
  );
}
