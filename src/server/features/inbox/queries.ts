// The admins' inbox (docs/architecture.md "Deliberate improvements"): stored contact messages and data
// requests, newest first, and a data request's progress.
import { sql } from "drizzle-orm";
import { type Db, queryRows } from "@/server/db/client";
import { daysLeftUntil, deadlineOf, overdueRequest } from "@/server/domain/data-requests/clock";
import {
  microsecondText,
  nextTimeCursor,
  type TimeCursor,
  whereAfterTimeCursor,
} from "@/server/lib/page-cursor";
import type { ContactMessageItem, DataRequestItem, DataRequestStatus } from "@/shared/api-types";
import { previousDataRequestStatus } from "@/shared/data-request-status";

type Page = { limit: number; cursor: TimeCursor | null };

type MessageRow = ContactMessageItem & { cursorAt: string };

export async function listContactMessages(
  db: Db,
  { limit, cursor }: Page,
): Promise<{ messages: ContactMessageItem[]; nextCursor: string | null }> {
  const rows = await queryRows<MessageRow>(
    db,
    sql`select id, name, email, subject, message,
          ${microsecondText(sql`created_at`)} as "createdAt",
          ${microsecondText(sql`created_at`)} as "cursorAt"
        from contact_messages ${whereAfterTimeCursor(cursor)}
        order by created_at desc, id desc limit ${limit + 1}`,
  );
  return {
    messages: rows.slice(0, limit).map(({ cursorAt: _, ...message }) => message),
    nextCursor: nextTimeCursor(rows, limit),
  };
}

type RequestRow = {
  id: string;
  request_type: string;
  email: string;
  full_name: string;
  details: string | null;
  status: DataRequestStatus;
  created_at: string;
  updated_at: string;
  matched: boolean;
  confirmed_at: string | null;
  deadline: string;
  days_left: number;
  overdue: boolean;
  completed_at: string | null;
  completion_note: string | null;
  suspected_spam: boolean;
  cursorAt: string;
};

const requestColumns = sql`id, request_type, email, full_name, details, status,
  ${microsecondText(sql`created_at`)} as created_at,
  ${microsecondText(sql`updated_at`)} as updated_at,
  exists (select 1 from "user" u where lower(u.email) = lower(data_requests.email)
    and u.email_verified) as matched,
  to_json(confirmed_at)#>>'{}' as confirmed_at,
  to_json(${deadlineOf})#>>'{}' as deadline,
  ${daysLeftUntil(deadlineOf)} as days_left,
  ${overdueRequest} as overdue,
  to_json(completed_at)#>>'{}' as completed_at,
  completion_note,
  suspected_spam,
  ${microsecondText(sql`created_at`)} as "cursorAt"`;

function toRequest(row: RequestRow): DataRequestItem {
  return {
    id: row.id,
    requestType: row.request_type,
    email: row.email,
    fullName: row.full_name,
    details: row.details,
    status: row.status,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    matchedAccount: row.matched,
    confirmedAt: row.confirmed_at,
    deadline: row.deadline,
    daysLeft: Number(row.days_left),
    overdue: row.overdue,
    completedAt: row.completed_at,
    completionNote: row.completion_note,
    suspectedSpam: row.suspected_spam,
  };
}

/** One request as the inbox shows it; null when there is none. */
export async function findDataRequest(db: Db, id: string): Promise<DataRequestItem | null> {
  const [row] = await queryRows<RequestRow>(
    db,
    sql`select ${requestColumns} from data_requests where id = ${id}::uuid`,
  );
  return row ? toRequest(row) : null;
}

/** The verified account that has the request's address now, if any. */
export async function matchedAccountId(db: Db, email: string): Promise<string | null> {
  const [row] = await queryRows<{ id: string }>(
    db,
    sql`select id from "user" where lower(email) = lower(${email}) and email_verified`,
  );
  return row?.id ?? null;
}

export async function listDataRequests(
  db: Db,
  { limit, cursor }: Page,
): Promise<{ requests: DataRequestItem[]; nextCursor: string | null }> {
  const rows = await queryRows<RequestRow>(
    db,
    sql`select ${requestColumns} from data_requests ${whereAfterTimeCursor(cursor)}
        order by created_at desc, id desc limit ${limit + 1}`,
  );
  return { requests: rows.slice(0, limit).map(toRequest), nextCursor: nextTimeCursor(rows, limit) };
}

export type AdvanceResult =
  | { outcome: "advanced"; request: DataRequestItem }
  | { outcome: "conflict"; current: DataRequestStatus };

/**
 * Moves a request to `status` only from the status just before it, in one conditional update:
 * two admins clicking at once cannot skip a step or move it backwards. Null when there is no
 * request with that id.
 */
export async function advanceDataRequest(
  db: Db,
  id: string,
  status: DataRequestStatus,
  /** The completion note (docs/product.md §2.21.6), kept and mailed to the requester. */
  note: string | null = null,
): Promise<AdvanceResult | null> {
  const previous = previousDataRequestStatus(status);
  if (previous) {
    const completing = status === "completed";
    const [row] = await queryRows<RequestRow>(
      db,
      sql`update data_requests set status = ${status}, updated_at = now(),
            completed_at = ${completing ? sql`now()` : sql`null`},
            completion_note = ${completing ? note : null}
          where id = ${id}::uuid and status = ${previous}
          returning ${requestColumns}`,
    );
    if (row) return { outcome: "advanced", request: toRequest(row) };
  }
  const [current] = await queryRows<{ status: DataRequestStatus }>(
    db,
    sql`select status from data_requests where id = ${id}::uuid`,
  );
  return current ? { outcome: "conflict", current: current.status } : null;
}
