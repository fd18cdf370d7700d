import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { fail, type Failure } from "./result";

// Keyset pagination, newest first: the cursor is the (created_at, id) of the last row shown.
// Opaque to clients; a tampered cursor is a 400, not a 500.

export function encodeCursor(createdAt: Date, id: string): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString("base64url");
}

// What encodeCursor writes: a four-digit-year ISO instant and a row id. Anything else was not
// issued by a list: a date PostgreSQL cannot hold (year -271821) or an id with U+0000 reached the
// query and answered 500 (found by the API fuzzer).
const ISSUED_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const ISSUED_ID = /^[^\u0000]{1,200}$/;

export function decodeCursor(cursor: string): { createdAt: Date; id: string } | null {
  const raw = Buffer.from(cursor, "base64url").toString("utf8");
  const at = raw.indexOf("|");
  if (at < 0) return null;
  const time = raw.slice(0, at);
  const id = raw.slice(at + 1);
  if (!ISSUED_TIME.test(time) || !ISSUED_ID.test(id)) return null;
  const createdAt = new Date(time);
  return Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== time ? null : { createdAt, id };
}

/** The WHERE part that continues after the cursor row. */
export function afterCursor(columns: { createdAt: PgColumn; id: PgColumn }, cursor: { createdAt: Date; id: string }): SQL {
  return or(lt(columns.createdAt, cursor.createdAt), and(eq(columns.createdAt, cursor.createdAt), lt(columns.id, cursor.id)))!;
}

export function newestFirst(columns: { createdAt: PgColumn; id: PgColumn }) {
  return [desc(columns.createdAt), desc(columns.id)];
}

/** Splits a limit+1 query result into the page and the next cursor. */
export function page<T extends { createdAt: Date; id: string }>(rows: T[], limit: number): { items: T[]; nextCursor: string | null } {
  const items = rows.slice(0, limit);
  const last = items.at(-1);
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last.createdAt, last.id) : null };
}

/** The keyset condition of an optional client cursor, or an invalid-input failure for a bad one. */
export function cursorCondition(
  cursor: string | undefined,
  columns: { createdAt: PgColumn; id: PgColumn },
): { ok: true; value: SQL | undefined } | { ok: false; error: Failure } {
  if (!cursor) return { ok: true, value: undefined };
  const decoded = decodeCursor(cursor);
  if (!decoded) return fail("invalid", "Invalid cursor", { detail: { cursor: "Use the next_cursor of the previous page" } });
  return { ok: true, value: afterCursor(columns, decoded) };
}
