import {
  CHILDREN_LIKELY_TEXT,
  childrenRiskNotRequiredText,
  type OnlineSafetyRecords,
} from "@/shared/online-safety";
import { CHILDREN_HARM_GROUP_LABELS, CHILDREN_HARM_GROUPS } from "@/shared/online-safety-children";
import { AssessmentForm } from "./assessment-form";
import { RiskKindList } from "./risk-kind-list";

/**
 * The children's risk assessment (decision 076): its entries, grouped as the Act groups the
 * kinds, when the saved children's access assessment says children are likely to use the site;
 * otherwise why it is not required.
 */
export function ChildrenRiskSection({ records }: { records: OnlineSafetyRecords }) {
  const outcome = records.childrenAccess?.content.outcome;
  if (outcome !== "likely") {
    return (
      <p className="rounded-md border border-border bg-muted p-3 text-sm">
        {childrenRiskNotRequiredText(outcome)}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm">{CHILDREN_LIKELY_TEXT}</p>
      <AssessmentForm
        recordKey="children-risk-assessment"
        current={records.childrenAssessment}
        canEdit={records.canEdit}
      />
      {CHILDREN_HARM_GROUPS.map((group) => (
        <div key={group} className="flex flex-col gap-3">
          <h4 className="font-semibold">{CHILDREN_HARM_GROUP_LABELS[group]}</h4>
          <RiskKindList
            prefix="children-risk"
            kinds={records.childrenKinds.filter((kind) => kind.group === group)}
            entries={records.childrenEntries}
            measures={records.measures}
            canEdit={records.canEdit}
          />
        </div>
      ))}
    </div>
  );
}
