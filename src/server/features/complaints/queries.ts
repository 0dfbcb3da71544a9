// The complaints list and a complaint's progress (docs/decisions/081), on the data requests'
// clock: a due date at receipt, overdue while not resolved past it.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { daysLeftUntil } from "@/server/domain/data-requests/clock";
import type { ComplaintItem, ComplaintKind, ComplaintStatus } from "@/shared/complaints";
import { previousDataRequestStatus } from "@/shared/data-request-status";
import { can, ROLES } from "@/shared/permissions";

/** Resolved complaints shown below the open ones, newest first. */
export const RESOLVED_SHOWN = 50;

type Row = {
  id: string;
  kind: ComplaintKind;
  email: string | null;
  member: boolean;
  link: string | null;
  message: string;
  status: ComplaintStatus;
  owner_id: string | null;
  owner_name: string | null;
  received_at: string;
  due_at: string;
  days_left: number;
  overdue: boolean;
  outcome: string | null;
  resolved_at: string | null;
};

const overdue = sql`(c.status <> 'completed' and c.due_at < now())`;

const columns = sql`c.id, c.kind, c.email, c.user_id is not null as member, c.link, c.message,
  c.status, c.owner_id, o.name as owner_name,
  to_json(c.received_at)#>>'{}' as received_at, to_json(c.due_at)#>>'{}' as due_at,
  ${daysLeftUntil(sql`c.due_at`)} as days_left, ${overdue} as overdue,
  c.outcome, to_json(c.resolved_at)#>>'{}' as resolved_at`;

const from = sql`from complaints c left join "user" o on o.id = c.owner_id`;

function toItem(row: Row): ComplaintItem {
  return {
    id: row.id,
    kind: row.kind,
    email: row.email,
    member: row.member,
    link: row.link,
    message: row.message,
    status: row.status,
    owner: row.owner_id ? { id: row.owner_id, name: row.owner_name ?? "" } : null,
    receivedAt: row.received_at,
    dueAt: row.due_at,
    daysLeft: Number(row.days_left),
    overdue: row.overdue,
    outcome: row.outcome,
    resolvedAt: row.resolved_at,
  };
}

/** Every open complaint, overdue first then by due date; then the latest resolved ones. */
export async function listComplaints(db: Db): Promise<ComplaintItem[]> {
  const rows = await queryRows<Row>(
    db,
    sql`select * from (
          (select ${columns}, 0 as part, c.due_at as sort_at ${from}
            where c.status <> 'completed')
          union all
          (select ${columns}, 1 as part, c.resolved_at as sort_at ${from}
            where c.status = 'completed' order by c.resolved_at desc limit ${RESOLVED_SHOWN})
        ) listed
        order by part, overdue desc,
          case when part = 0 then sort_at end asc, sort_at desc, id`,
  );
  return rows.map(toItem);
}

export async function findComplaint(db: Db, id: string): Promise<ComplaintItem | null> {
  const [row] = await queryRows<Row>(db, sql`select ${columns} ${from} where c.id = ${id}::uuid`);
  return row ? toItem(row) : null;
}

/** The roles that may look after complaints: those who read the inbox. */
const OWNER_ROLES = ROLES.filter((role) => can(role, "inbox"));

/** Who may own a complaint, by name. */
export async function complaintOwners(db: Db): Promise<{ id: string; name: string }[]> {
  return queryRows<{ id: string; name: string }>(
    db,
    sql`select u.id, u.name from "user" u join user_roles r on r.user_id = u.id
        where r.role in (${sql.join(
          OWNER_ROLES.map((role) => sql`${role}`),
          sql`, `,
        )})
        order by u.name, u.id`,
  );
}

export async function isComplaintOwner(db: Db, userId: string): Promise<boolean> {
  return (await complaintOwners(db)).some((owner) => owner.id === userId);
}

export async function setComplaintOwner(db: Db, id: string, ownerId: string | null) {
  await db.execute(
    sql`update complaints set owner_id = ${ownerId}, updated_at = now() where id = ${id}::uuid`,
  );
}

/**
 * Moves a complaint to `status` only from the status just before it (the data requests' rule, in
 * one conditional update). Resolving keeps the outcome. False when it was not at that step.
 */
export async function advanceComplaint(
  db: Db,
  id: string,
  status: ComplaintStatus,
  outcome: string | null,
): Promise<boolean> {
  const previous = previousDataRequestStatus(status);
  if (!previous) return false;
  const resolving = status === "completed";
  const rows = await queryRows<{ id: string }>(
    db,
    sql`update complaints set status = ${status}, updated_at = now(),
          resolved_at = ${resolving ? sql`now()` : sql`null`},
          outcome = ${resolving ? outcome : null}
        where id = ${id}::uuid and status = ${previous}
        returning id`,
  );
  return rows.length > 0;
}
