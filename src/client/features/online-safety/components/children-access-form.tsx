import { useState } from "react";
import { Button } from "@/client/components/ui/button";
import { inputClassName } from "@/client/components/ui/field-classes";
import { NativeSelect } from "@/client/components/ui/native-select";
import {
  CHILDREN_LIKELY_TEXT,
  type ChildrenAccessInput,
  type ChildrenAccessOutcome,
  type RecordVersion,
} from "@/shared/online-safety";
import { describedBy, Field, TextArea } from "./field";
import { RecordHistory, SavedLine } from "./record-history";
import { useRecordForm } from "./use-record-form";

/** Ofcom's two stages and the outcome (decision 076). */
export function ChildrenAccessForm({
  current,
  canEdit,
}: {
  current: RecordVersion<ChildrenAccessInput> | null;
  canEdit: boolean;
}) {
  const c = current?.content;
  const [assurance, setAssurance] = useState(c?.highlyEffectiveAgeAssurance ?? false);
  const [stageOne, setStageOne] = useState(c?.stageOne ?? "");
  const [stageTwo, setStageTwo] = useState(c?.stageTwo ?? "");
  const [outcome, setOutcome] = useState<ChildrenAccessOutcome | "">(c?.outcome ?? "");
  const [due, setDue] = useState(c?.reviewDueOn ?? "");
  const { submit, pending, fields } = useRecordForm(
    "children-access",
    "Children's access assessment saved",
  );
  const dueHint =
    "Ofcom's guidance: when children are not likely to access the site, a new assessment each year, or sooner in certain circumstances.";
  return (
    <form
      className="flex flex-col gap-4"
      aria-label="Children's access assessment"
      onSubmit={(event) => {
        event.preventDefault();
        submit({
          highlyEffectiveAgeAssurance: assurance,
          stageOne,
          stageTwo,
          outcome,
          reviewDueOn: due,
        });
      }}
    >
      <SavedLine version={current} />
      <fieldset disabled={!canEdit || pending} className="flex flex-col gap-4">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-0.5 size-4"
            checked={assurance}
            onChange={(event) => setAssurance(event.target.checked)}
          />
          <span>
            The site uses highly effective age assurance, with access controls, to keep children out
          </span>
        </label>
        <Field
          id="children-stage-one"
          label="Stage 1: can children normally use the site?"
          hint="Without highly effective age assurance, the answer is yes."
          error={fields.stageOne}
        >
          <TextArea
            id="children-stage-one"
            value={stageOne}
            onChange={setStageOne}
            hasHint
            error={fields.stageOne}
          />
        </Field>
        <Field
          id="children-stage-two"
          label="Stage 2: the child user condition"
          hint="Are a significant number of the site's users children, or is it the kind of site likely to attract them?"
          error={fields.stageTwo}
        >
          <TextArea
            id="children-stage-two"
            value={stageTwo}
            onChange={setStageTwo}
            hasHint
            error={fields.stageTwo}
          />
        </Field>
        <Field id="children-outcome" label="Outcome" error={fields.outcome}>
          <NativeSelect
            id="children-outcome"
            value={outcome}
            aria-invalid={fields.outcome ? true : undefined}
            aria-describedby={describedBy("children-outcome", undefined, fields.outcome)}
            onChange={(event) => setOutcome(event.target.value as ChildrenAccessOutcome)}
          >
            <option value="">Choose the outcome</option>
            <option value="not-likely">Children are not likely to access the site</option>
            <option value="likely">Children are likely to access the site</option>
          </NativeSelect>
        </Field>
        {outcome === "likely" ? (
          <p role="note" className="rounded-md border border-border bg-muted p-3 text-sm">
            {CHILDREN_LIKELY_TEXT}
          </p>
        ) : null}
        <Field
          id="children-due"
          label="Next assessment due"
          hint={dueHint}
          error={fields.reviewDueOn}
        >
          <input
            id="children-due"
            type="date"
            className={`${inputClassName} sm:max-w-xs`}
            value={due}
            aria-invalid={fields.reviewDueOn ? true : undefined}
            aria-describedby={describedBy("children-due", dueHint, fields.reviewDueOn)}
            onChange={(event) => setDue(event.target.value)}
          />
        </Field>
      </fieldset>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <RecordHistory recordKey="children-access" label="the children's access assessment" />
        {canEdit ? (
          <Button type="submit" disabled={pending}>
            {pending ? "Saving..." : "Save a new version"}
          </Button>
        ) : null}
      </div>
    </form>
  );
}
