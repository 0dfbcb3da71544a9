import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { NativeSelect } from "@/client/components/ui/native-select";
import {
  type OnlineSafetyMeasure,
  type RecordVersion,
  RISK_LEVEL_LABELS,
  RISK_LEVELS,
  type RiskEntryContent,
  type RiskLevel,
} from "@/shared/online-safety";
import { describedBy, Field, TextArea } from "./field";
import { RecordHistory, SavedLine } from "./record-history";
import { useRecordForm } from "./use-record-form";

export type RiskAssessmentPrefix = "risk" | "children-risk";

type Props = {
  /** Which assessment: the illegal content one (`risk`) or the children's (`children-risk`). */
  prefix: RiskAssessmentPrefix;
  kind: string;
  label: string;
  current: RecordVersion<RiskEntryContent> | undefined;
  measures: OnlineSafetyMeasure[];
  canEdit: boolean;
};

const FORM_NAMES: Record<RiskAssessmentPrefix, string> = {
  risk: "Risk assessment",
  "children-risk": "Children's risk assessment",
};

const EVIDENCE_HINTS: Record<RiskAssessmentPrefix, string> = {
  risk: "What the figures above and moderators' experience show for this kind, and how likely and how harmful it would be here.",
  "children-risk":
    "What the figures above and moderators' experience show for this kind, how likely children are to meet it here, and how much harm it would do them.",
};

/** One kind's entry of a risk assessment: level, evidence, measures (decision 076). */
export function RiskEntryForm({ prefix, kind, label, current, measures, canEdit }: Props) {
  const [level, setLevel] = useState<RiskLevel | "">(current?.content.riskLevel ?? "");
  const [evidence, setEvidence] = useState(current?.content.evidence ?? "");
  const [chosen, setChosen] = useState<string[]>(current?.content.measures ?? []);
  const [other, setOther] = useState(current?.content.otherMeasures ?? "");
  const { submit, pending, fields } = useRecordForm(`${prefix}/${kind}`, `${label} saved`);
  const id = `${prefix}-${kind}`;
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={`${FORM_NAMES[prefix]}: ${label}`}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ riskLevel: level, evidence, measures: chosen, otherMeasures: other });
      }}
    >
      <SavedLine version={current} />
      <fieldset disabled={!canEdit || pending} className="flex flex-col gap-4">
        <Field id={`${id}-level`} label="Risk level" error={fields.riskLevel}>
          <NativeSelect
            id={`${id}-level`}
            value={level}
            aria-invalid={fields.riskLevel ? true : undefined}
            aria-describedby={describedBy(`${id}-level`, undefined, fields.riskLevel)}
            onChange={(event) => setLevel(event.target.value as RiskLevel)}
          >
            <option value="">Choose a level</option>
            {RISK_LEVELS.map((value) => (
              <option key={value} value={value}>
                {RISK_LEVEL_LABELS[value]}
              </option>
            ))}
          </NativeSelect>
        </Field>
        <Field
          id={`${id}-evidence`}
          label="Evidence"
          hint={EVIDENCE_HINTS[prefix]}
          error={fields.evidence}
        >
          <TextArea
            id={`${id}-evidence`}
            value={evidence}
            onChange={setEvidence}
            hasHint
            error={fields.evidence}
          />
        </Field>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 font-medium text-sm">Measures in place</legend>
          {measures.map((measure) => (
            <label key={measure.key} className="flex items-start gap-2 text-sm">
              <input
                type="checkbox"
                className="mt-0.5 size-4"
                checked={chosen.includes(measure.key)}
                onChange={(event) =>
                  setChosen((list) =>
                    event.target.checked
                      ? [...list, measure.key]
                      : list.filter((key) => key !== measure.key),
                  )
                }
              />
              <span>
                {measure.label}
                {measure.state === "off" ? " (off now)" : ""}
              </span>
            </label>
          ))}
          {fields.measures ? <p className="text-destructive text-sm">{fields.measures}</p> : null}
        </fieldset>
        <Field id={`${id}-other`} label="Other measures" error={fields.otherMeasures}>
          <TextArea
            id={`${id}-other`}
            value={other}
            onChange={setOther}
            error={fields.otherMeasures}
            rows={3}
          />
        </Field>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RecordHistory recordKey={`${prefix}:${kind}`} label={label} />
        {canEdit ? (
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save a new version"}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
