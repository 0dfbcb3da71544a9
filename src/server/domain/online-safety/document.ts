// The records as one print-ready HTML document (decision 076): the current version of every
// record, or with `history` every version of each (the whole set, for a regulator's request).
// Self-contained (inline styles, no script), so it prints and files as it is.
import { escapeHtml } from "@/server/lib/escape-html";
import {
  type AssessmentInput,
  CHILDREN_ACCESS_OUTCOMES,
  CHILDREN_LIKELY_TEXT,
  type ChildrenAccessInput,
  childrenRiskNotRequiredText,
  ILLEGAL_HARM_KINDS,
  ILLEGAL_HARM_LABELS,
  type OnlineSafetyEvidence,
  type OnlineSafetyMeasure,
  type RecordVersion,
  type ResponsibilityContent,
  RISK_ASSESSMENT_STEPS,
  RISK_LEVEL_LABELS,
  type RiskEntryContent,
} from "@/shared/online-safety";
import {
  CHILDREN_HARM_GROUP_LABELS,
  CHILDREN_HARM_GROUPS,
  CHILDREN_HARM_KINDS,
  CHILDREN_HARM_LABELS,
  childrenHarmGroup,
} from "@/shared/online-safety-children";

export type DocumentInput = {
  siteName: string;
  generatedAt: Date;
  /** Versions by record key, newest first; the current document passes one per record. */
  versions: Map<string, RecordVersion<unknown>[]>;
  evidence: OnlineSafetyEvidence;
  measures: OnlineSafetyMeasure[];
  history: boolean;
};

const e = escapeHtml;
const paragraphs = (text: string) =>
  text
    ? text
        .split(/\n+/)
        .map((line) => `<p>${e(line)}</p>`)
        .join("")
    : "<p><em>Not written.</em></p>";
const day = (iso: string) => iso.slice(0, 10);

function saved(version: RecordVersion<unknown>): string {
  return `<p class="meta">Version ${version.version}, saved ${e(day(version.savedAt))} ${e(version.savedAt.slice(11, 16))} UTC by ${e(version.savedByName)}</p>`;
}

function riskEntry(version: RecordVersion<unknown>, measures: OnlineSafetyMeasure[]): string {
  const entry = version.content as RiskEntryContent;
  const chosen = measures
    .filter((m) => entry.measures.includes(m.key))
    .map((m) => `<li>${e(m.label)}</li>`);
  return `${saved(version)}
<p><strong>Risk level:</strong> ${e(RISK_LEVEL_LABELS[entry.riskLevel] ?? entry.riskLevel)}</p>
<h4>Evidence</h4>${paragraphs(entry.evidence)}
<h4>Measures in place</h4>${chosen.length ? `<ul>${chosen.join("")}</ul>` : "<p><em>None chosen.</em></p>"}
<h4>Other measures</h4>${paragraphs(entry.otherMeasures)}`;
}

function assessment(version: RecordVersion<unknown>): string {
  const a = version.content as AssessmentInput;
  return `${saved(version)}<p><strong>Next review due:</strong> ${e(a.reviewDueOn)}</p>${paragraphs(a.summary)}`;
}

function childrenAccess(version: RecordVersion<unknown>): string {
  const c = version.content as ChildrenAccessInput;
  const outcome =
    c.outcome === CHILDREN_ACCESS_OUTCOMES[1]
      ? "Children are likely to access the site"
      : "Children are not likely to access the site";
  return `${saved(version)}
<p><strong>Highly effective age assurance:</strong> ${c.highlyEffectiveAgeAssurance ? "Yes" : "No"}</p>
<h4>Stage 1: can children normally use the site?</h4>${paragraphs(c.stageOne)}
<h4>Stage 2: the child user condition</h4>${paragraphs(c.stageTwo)}
<p><strong>Outcome:</strong> ${outcome}</p>
${c.outcome === "likely" ? `<p>${e(CHILDREN_LIKELY_TEXT)}</p>` : ""}
<p><strong>Next assessment due:</strong> ${e(c.reviewDueOn)}</p>`;
}

function responsibility(version: RecordVersion<unknown>): string {
  const r = version.content as ResponsibilityContent;
  return `${saved(version)}
<p><strong>Accountable person:</strong> ${e(r.personName)}</p>
<p><strong>Role shown publicly:</strong> ${e(r.role)}</p>
<p><strong>Contact address:</strong> ${e(r.contactEmail)}</p>`;
}

function section(
  versions: RecordVersion<unknown>[] | undefined,
  history: boolean,
  render: (version: RecordVersion<unknown>) => string,
): string {
  if (!versions?.length) return "<p><em>Not yet recorded.</em></p>";
  const shown = history ? versions : versions.slice(0, 1);
  return shown
    .map(
      (version, index) =>
        `<div class="version${index > 0 ? " earlier" : ""}">${render(version)}</div>`,
    )
    .join("");
}

function evidenceTable(evidence: OnlineSafetyEvidence): string {
  const rows = (list: { total: number; lastYear: number }[], name: (item: never) => string) =>
    list
      .map(
        (item) =>
          `<tr><td>${e(name(item as never))}</td><td>${item.lastYear}</td><td>${item.total}</td></tr>`,
      )
      .join("");
  return `<p>Members: ${evidence.members.total} (admins ${evidence.members.admins}, moderators ${evidence.members.moderators}, suspended now ${evidence.members.suspended}). Appeals: ${evidence.appeals.total}, decisions reversed ${evidence.appeals.reversed}.</p>
<table><caption>Reports by reason</caption><thead><tr><th scope="col">Reason</th><th scope="col">Last 12 months</th><th scope="col">All time</th></tr></thead><tbody>${rows(evidence.reportsByReason, (r: { reason: string }) => r.reason) || '<tr><td colspan="3">None</td></tr>'}</tbody></table>
<table><caption>Moderation actions</caption><thead><tr><th scope="col">Action</th><th scope="col">Last 12 months</th><th scope="col">All time</th></tr></thead><tbody>${rows(evidence.actionsByKind, (r: { action: string }) => r.action) || '<tr><td colspan="3">None</td></tr>'}</tbody></table>`;
}

/** One kind's entry, under its record key's prefix (`risk` or `children-risk`). */
function kindEntry(input: DocumentInput, prefix: string, kind: string, label: string): string {
  const versions = input.versions.get(`${prefix}:${kind}`);
  return `<section class="entry" id="${prefix}-${kind}"><h3>${e(label)}</h3>${section(versions, input.history, (v) => riskEntry(v, input.measures))}</section>`;
}

/**
 * The children's risk assessment: its entries when the current access assessment says children
 * are likely to use the site; otherwise why it is not required. The whole set (`history`) keeps
 * entries saved at any time, as every version is kept.
 */
function childrenRisk(input: DocumentInput): string {
  const access = input.versions.get("children-access")?.[0]?.content as
    | ChildrenAccessInput
    | undefined;
  const required = access?.outcome === "likely";
  const saved =
    input.versions.has("children-risk-assessment") ||
    CHILDREN_HARM_KINDS.some((kind) => input.versions.has(`children-risk:${kind}`));
  const note = required ? "" : `<p>${e(childrenRiskNotRequiredText(access?.outcome))}</p>`;
  if (!required && !(input.history && saved)) return note;
  const groups = CHILDREN_HARM_GROUPS.map((group) => {
    const kinds = CHILDREN_HARM_KINDS.filter((kind) => childrenHarmGroup(kind) === group);
    return `<h3 class="group">${e(CHILDREN_HARM_GROUP_LABELS[group])}</h3>${kinds.map((kind) => kindEntry(input, "children-risk", kind, CHILDREN_HARM_LABELS[kind])).join("")}`;
  }).join("");
  const summary = section(
    input.versions.get("children-risk-assessment"),
    input.history,
    assessment,
  );
  return `${note}${required ? "" : "<p>The entries saved earlier follow, as kept.</p>"}<h3>Summary and review</h3>${summary}${groups}`;
}

export function recordsDocument(input: DocumentInput): string {
  const { versions, history } = input;
  const title = `${input.siteName}: Online Safety Act records`;
  const kinds = ILLEGAL_HARM_KINDS.map((kind) =>
    kindEntry(input, "risk", kind, ILLEGAL_HARM_LABELS[kind]),
  ).join("");
  const measures = input.measures
    .map(
      (m) =>
        `<li><strong>${e(m.label)}</strong> (${m.state === "always" ? "always on" : m.state}): ${e(m.detail)}</li>`,
    )
    .join("");
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>${e(title)}</title>
<style>
body{font:11pt/1.45 Georgia,serif;color:#111;max-width:48rem;margin:2rem auto;padding:0 1rem}
h1{font-size:1.6rem}h2{font-size:1.3rem;border-bottom:1px solid #999;margin-top:2rem}h3{font-size:1.1rem;margin-bottom:.25rem}h4{font-size:1rem;margin:.6rem 0 .2rem}
.meta{color:#444;font-size:.9rem}h3.group{font-size:1.15rem;margin-top:1.5rem}.version.earlier{border-left:3px solid #bbb;padding-left:.75rem;margin-top:.75rem}
table{border-collapse:collapse;margin:.75rem 0;width:100%}caption{text-align:left;font-weight:bold}th,td{border:1px solid #999;padding:.2rem .4rem;text-align:left}
@media print{body{margin:0;max-width:none}.entry{break-inside:avoid}h2{break-after:avoid}}
</style></head>
<body>
<h1>${e(title)}</h1>
<p class="meta">${history ? "Every saved version of every record" : "The current version of each record"}, produced ${e(input.generatedAt.toISOString().slice(0, 16).replace("T", " "))} UTC.</p>
<h2>Accountable person</h2>${section(versions.get("responsibility"), history, responsibility)}
<h2>Illegal content risk assessment</h2>
<ol>${RISK_ASSESSMENT_STEPS.map((s) => `<li><strong>${e(s.title.replace(/^\d\.\s*/, ""))}</strong>: ${e(s.text)}</li>`).join("")}</ol>
<h3>Summary and review</h3>${section(versions.get("assessment"), history, assessment)}
<h3>The site's measures</h3><ul>${measures}</ul>
<h3>The site's figures</h3>${evidenceTable(input.evidence)}
<h2>Risk of each kind of illegal content</h2>${kinds}
<h2>Children's access assessment</h2>${section(versions.get("children-access"), history, childrenAccess)}
<h2>Children's risk assessment</h2>${childrenRisk(input)}
</body></html>`;
}
