// /api/cms/online-safety (issue 46, docs/decisions/076): the Online Safety Act records. Admins
// save (each save a new version); moderators read; everyone else is refused by the capability.
import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { allowedTo } from "@/server/auth/middleware";
import type { AppEnv } from "@/server/context";
import { queryRows } from "@/server/db/client";
import { displayName } from "@/server/db/display-name";
import { recordsDocument } from "@/server/domain/online-safety/document";
import { siteEvidence, siteMeasures } from "@/server/domain/online-safety/evidence";
import {
  allRecordVersions,
  currentRecords,
  recordVersions,
  saveRecordVersion,
} from "@/server/domain/online-safety/records";
import { currentEntries, saveRiskEntry } from "@/server/domain/online-safety/risk-entries";
import { HttpError } from "@/server/lib/http-error";
import { jsonBody } from "@/server/lib/validate";
import {
  type AssessmentInput,
  assessmentSchema,
  type ChildrenAccessInput,
  childrenAccessSchema,
  ILLEGAL_HARM_KINDS,
  ILLEGAL_HARM_LABELS,
  isIllegalHarmKind,
  isRecordKey,
  type OnlineSafetyRecords,
  type RecordVersion,
  type ResponsibilityContent,
  responsibilitySchema,
  riskEntrySchema,
} from "@/shared/online-safety";
import {
  CHILDREN_HARM_KINDS,
  CHILDREN_HARM_LABELS,
  childrenHarmGroup,
  isChildrenHarmKind,
} from "@/shared/online-safety-children";
import { can } from "@/shared/permissions";

const NOT_FOUND = "Record not found";

/** A kind the assessment does not list is a record that does not exist: 404. */
function kindParam<Kind extends string>(kind: string, isKind: (value: string) => value is Kind) {
  if (!isKind(kind)) throw new HttpError(404, NOT_FOUND);
  return kind;
}

const privateAnswer = { "cache-control": "private, no-store" } as const;

export const cmsOnlineSafetyRoutes = new Hono<AppEnv>()
  .get("/", allowedTo("readOnlineSafety"), async (c) => {
    const { db } = c.var.deps;
    const current = await currentRecords(db);
    const answer: OnlineSafetyRecords = {
      kinds: ILLEGAL_HARM_KINDS.map((kind) => ({ kind, label: ILLEGAL_HARM_LABELS[kind] })),
      entries: currentEntries(current, "risk", ILLEGAL_HARM_KINDS),
      childrenKinds: CHILDREN_HARM_KINDS.map((kind) => ({
        kind,
        label: CHILDREN_HARM_LABELS[kind],
        group: childrenHarmGroup(kind),
      })),
      childrenEntries: currentEntries(current, "children-risk", CHILDREN_HARM_KINDS),
      assessment: (current.get("assessment") as RecordVersion<AssessmentInput>) ?? null,
      childrenAssessment:
        (current.get("children-risk-assessment") as RecordVersion<AssessmentInput>) ?? null,
      childrenAccess:
        (current.get("children-access") as RecordVersion<ChildrenAccessInput>) ?? null,
      responsibility:
        (current.get("responsibility") as RecordVersion<ResponsibilityContent>) ?? null,
      evidence: await siteEvidence(db),
      measures: await siteMeasures(db),
      canEdit: can(c.var.viewer.role, "editOnlineSafety"),
      admins: can(c.var.viewer.role, "editOnlineSafety")
        ? await queryRows<{ id: string; name: string }>(
            db,
            sql`select ur.user_id as id, ${displayName(sql`p.full_name`, sql`p.email`)} as name
                from user_roles ur join profiles p on p.id = ur.user_id
                where ur.role = 'admin' order by name`,
          )
        : [],
    };
    return c.json(answer, 200, privateAnswer);
  })
  .get("/versions/:key", allowedTo("readOnlineSafety"), async (c) => {
    const key = c.req.param("key");
    if (!isRecordKey(key)) throw new HttpError(404, NOT_FOUND);
    return c.json({ key, versions: await recordVersions(c.var.deps.db, key) }, 200, privateAnswer);
  })
  // The print-ready document: `?history=all` for every version of every record.
  .get("/document", allowedTo("readOnlineSafety"), async (c) => {
    const { db, env } = c.var.deps;
    const history = c.req.query("history") === "all";
    const versions = await allRecordVersions(db);
    const html = recordsDocument({
      siteName: env.siteName,
      generatedAt: new Date(),
      versions,
      evidence: await siteEvidence(db),
      measures: await siteMeasures(db),
      history,
    });
    const name = history ? "online-safety-records-all-versions" : "online-safety-records";
    return c.html(html, 200, {
      ...privateAnswer,
      ...(c.req.query("download") === "1"
        ? { "content-disposition": `attachment; filename="${name}.html"` }
        : {}),
    });
  })
  .put("/risk/:kind", allowedTo("editOnlineSafety"), jsonBody(riskEntrySchema), async (c) => {
    const kind = kindParam(c.req.param("kind"), isIllegalHarmKind);
    const { db } = c.var.deps;
    const saved = await saveRiskEntry(db, `risk:${kind}`, c.req.valid("json"), c.var.viewer.id);
    return c.json(saved, 200, privateAnswer);
  })
  // The children's risk assessment's entries: saved whatever the access assessment's outcome
  // (an admin may prepare them first; the outcome says whether they are required).
  .put(
    "/children-risk/:kind",
    allowedTo("editOnlineSafety"),
    jsonBody(riskEntrySchema),
    async (c) => {
      const kind = kindParam(c.req.param("kind"), isChildrenHarmKind);
      const key = `children-risk:${kind}` as const;
      const saved = await saveRiskEntry(c.var.deps.db, key, c.req.valid("json"), c.var.viewer.id);
      return c.json(saved, 200, privateAnswer);
    },
  )
  .put("/assessment", allowedTo("editOnlineSafety"), jsonBody(assessmentSchema), async (c) => {
    const saved = await saveRecordVersion(
      c.var.deps.db,
      "assessment",
      c.req.valid("json"),
      c.var.viewer.id,
    );
    return c.json(saved, 200, privateAnswer);
  })
  .put(
    "/children-risk-assessment",
    allowedTo("editOnlineSafety"),
    jsonBody(assessmentSchema),
    async (c) => {
      const saved = await saveRecordVersion(
        c.var.deps.db,
        "children-risk-assessment",
        c.req.valid("json"),
        c.var.viewer.id,
      );
      return c.json(saved, 200, privateAnswer);
    },
  )
  .put(
    "/children-access",
    allowedTo("editOnlineSafety"),
    jsonBody(childrenAccessSchema),
    async (c) => {
      const saved = await saveRecordVersion(
        c.var.deps.db,
        "children-access",
        c.req.valid("json"),
        c.var.viewer.id,
      );
      return c.json(saved, 200, privateAnswer);
    },
  )
  .put(
    "/responsibility",
    allowedTo("editOnlineSafety"),
    jsonBody(responsibilitySchema),
    async (c) => {
      const input = c.req.valid("json");
      const { db } = c.var.deps;
      // The accountable person is an admin (issue 46); their name is kept with the record.
      const [admin] = await queryRows<{ name: string }>(
        db,
        sql`select ${displayName(sql`p.full_name`, sql`p.email`)} as name
            from user_roles ur join profiles p on p.id = ur.user_id
            where ur.user_id = ${input.personId} and ur.role = 'admin'`,
      );
      if (!admin) {
        throw new HttpError(400, "Choose an admin", { fields: { personId: "Choose an admin" } });
      }
      const content: ResponsibilityContent = { ...input, personName: admin.name };
      const saved = await saveRecordVersion(db, "responsibility", content, c.var.viewer.id);
      return c.json(saved, 200, privateAnswer);
    },
  );
