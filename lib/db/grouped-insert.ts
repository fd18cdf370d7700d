import { getTableColumns, getTableName, sql, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Db } from "./client";
import { turnBatches } from "./turn-batches";

/**
 * Group commit of small inserts (issue 14). A one-row insert costs several times a row of a
 * many-row insert: on PGlite, which runs one statement at a time on the request thread, ~300 µs
 * alone against ~115 µs each in a statement of 32 (the risk assessment row); on PostgreSQL a round
 * trip and the driver's work per statement. So the units of concurrent requests go in together
 * (turn-batches.ts: those queued in one turn of the event loop, or while the previous statement
 * ran), as one statement: an `insert … select … from jsonb_to_recordset($n)` per table, joined by
 * a data-modifying CTE. Under load a statement carries ~30 requests' rows (measured A/B: sandbox
 * risk on PGlite 1.7× the requests per second, live risk on PostgreSQL 1.5×).
 *
 * A unit (for example an assessment and its network observation) stays atomic: a statement is
 * all or nothing, and when a grouped statement fails each of its units runs again on its own.
 * Each caller's promise settles after the statement holding its rows has run. Inside a
 * transaction a unit runs at once, as its own statement, in that transaction.
 *
 *   const storeAssessment = groupedInsert({ assessment: riskAssessments, observation: networkIdentities });
 *   await storeAssessment(db, { assessment: [row], observation: [] });
 */
type Tables = Record<string, PgTable>;
export type Unit<T extends Tables> = { [K in keyof T]: T[K]["$inferInsert"][] };

interface ColumnPlan {
  key: string;
  column: PgColumn;
  json: boolean;
}

function planTable(table: PgTable) {
  const columns: ColumnPlan[] = Object.entries(getTableColumns(table)).map(([key, column]) => ({
    key,
    column,
    json: column.getSQLType() === "jsonb" || column.getSQLType() === "json",
  }));
  const names = columns.map((c) => `"${c.column.name}"`).join(", ");
  const record = columns.map((c) => `"${c.column.name}" ${c.column.getSQLType()}`).join(", ");
  return {
    columns,
    /** The insert of this table's rows from the JSON array in `param` (a placeholder). */
    insert: (param: SQL) =>
      sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${sql.raw(names)}) select ${sql.raw(names)} from jsonb_to_recordset(${param}::jsonb) as r(${sql.raw(record)})`,
  };
}

/**
 * One JSON record per row, keyed by column name, each value as its column writes it: json(b)
 * values as themselves, others through the column's driver mapping (a Date becomes its ISO text).
 * A value left out is null, or the column's JS default; a column whose default is SQL (now(), say)
 * must be given, since jsonb_to_recordset cannot ask for it.
 */
function rowsJson(columns: ColumnPlan[], rows: Record<string, unknown>[]): string {
  const records = rows.map((row) => {
    const record: Record<string, unknown> = {};
    for (const { key, column, json } of columns) {
      let value = row[key];
      if (value === undefined) {
        if (column.defaultFn) value = column.defaultFn();
        else if (column.hasDefault)
          throw new Error(`grouped insert: give "${column.name}" a value (its default is SQL, which jsonb_to_recordset cannot take)`);
        else value = null;
      }
      record[column.name] = value === null || json ? value : column.mapToDriverValue(value);
    }
    return record;
  });
  return JSON.stringify(records);
}

export function groupedInsert<T extends Tables>(tables: T): (db: Db, unit: Unit<T>) => Promise<void> {
  const plans = Object.entries(tables).map(([name, table]) => ({ name, ...planTable(table) }));

  const statement = (units: Unit<T>[]): SQL => {
    const inserts = plans.map((plan) =>
      plan.insert(
        sql`${rowsJson(
          plan.columns,
          units.flatMap((u) => u[plan.name] as Record<string, unknown>[]),
        )}`,
      ),
    );
    if (inserts.length === 1) return inserts[0]!;
    const ctes = inserts.slice(0, -1).map((insert, i) => sql`${sql.raw(`t${i}`)} as (${insert})`);
    return sql`with ${sql.join(ctes, sql`, `)} ${inserts.at(-1)!}`;
  };
  return turnBatches<Unit<T>, void>(async (db, units) => {
    await db.execute(statement(units));
    return units.map(() => undefined);
  });
}
