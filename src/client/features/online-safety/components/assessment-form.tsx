import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { inputClassName } from "@/client/components/ui/field-classes";
import type { AssessmentInput, RecordVersion } from "@/shared/online-safety";
import { describedBy, Field, TextArea } from "./field";
import { RecordHistory, SavedLine } from "./record-history";
import { useRecordForm } from "./use-record-form";

type AssessmentKey = "assessment" | "children-risk-assessment";

const NAMES: Record<AssessmentKey, { form: string; saved: string; history: string }> = {
  assessment: {
    form: "Risk assessment summary and review date",
    saved: "Assessment saved",
    history: "the assessment summary",
  },
  "children-risk-assessment": {
    form: "Children's risk assessment summary and review date",
    saved: "Children's risk assessment saved",
    history: "the children's risk assessment summary",
  },
};

/** A risk assessment's summary (steps 1 and 4) and its review date, with the reminder. */
export function AssessmentForm({
  recordKey,
  current,
  canEdit,
}: {
  /** The illegal content risk assessment's, or the children's. */
  recordKey: AssessmentKey;
  current: RecordVersion<AssessmentInput> | null;
  canEdit: boolean;
}) {
  const [summary, setSummary] = useState(current?.content.summary ?? "");
  const [due, setDue] = useState(current?.content.reviewDueOn ?? "");
  const names = NAMES[recordKey];
  const { submit, pending, fields } = useRecordForm(recordKey, names.saved);
  const dueHint =
    "Admins are reminded on this day. Review sooner when the site changes in a way that matters.";
  return (
    <form
      className="flex flex-col gap-4"
      aria-label={names.form}
      onSubmit={(event) => {
        event.preventDefault();
        submit({ summary, reviewDueOn: due });
      }}
    >
      <SavedLine version={current} />
      <fieldset disabled={!canEdit || pending} className="flex flex-col gap-4">
        <Field
          id={`${recordKey}-summary`}
          label="Summary"
          hint="The site, who uses it, and what this assessment found overall."
          error={fields.summary}
        >
          <TextArea
            id={`${recordKey}-summary`}
            value={summary}
            onChange={setSummary}
            hasHint
            error={fields.summary}
          />
        </Field>
        <Field
          id={`${recordKey}-due`}
          label="Next review due"
          hint={dueHint}
          error={fields.reviewDueOn}
        >
          <input
            id={`${recordKey}-due`}
            type="date"
            className={`${inputClassName} sm:max-w-xs`}
            value={due}
            aria-invalid={fields.reviewDueOn ? true : undefined}
            aria-describedby={describedBy(`${recordKey}-due`, dueHint, fields.reviewDueOn)}
            onChange={(event) => setDue(event.target.value)}
          />
        </Field>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RecordHistory recordKey={recordKey} label={names.history} />
        {canEdit ? (
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save a new version"}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
