import {
  type OnlineSafetyMeasure,
  type RecordVersion,
  RISK_LEVEL_LABELS,
  type RiskEntryContent,
} from "@/shared/online-safety";
import { type RiskAssessmentPrefix, RiskEntryForm } from "./risk-entry-form";

type Props = {
  prefix: RiskAssessmentPrefix;
  kinds: { kind: string; label: string }[];
  entries: Partial<Record<string, RecordVersion<RiskEntryContent>>>;
  measures: OnlineSafetyMeasure[];
  canEdit: boolean;
};

/** A risk assessment's kinds, each folded with its level showing, opening on its entry's form. */
export function RiskKindList({ prefix, kinds, entries, measures, canEdit }: Props) {
  return (
    <ul className="flex flex-col gap-3">
      {kinds.map(({ kind, label }) => {
        const current = entries[kind];
        return (
          <li key={kind}>
            <details className="rounded-md border border-border p-3">
              <summary className="cursor-pointer font-medium">
                {label}
                <span className="ml-2 font-normal text-muted-foreground text-sm">
                  {current ? RISK_LEVEL_LABELS[current.content.riskLevel] : "Not assessed"}
                </span>
              </summary>
              <div className="mt-3">
                <RiskEntryForm
                  prefix={prefix}
                  kind={kind}
                  label={label}
                  current={current}
                  measures={measures}
                  canEdit={canEdit}
                />
              </div>
            </details>
          </li>
        );
      })}
    </ul>
  );
}
