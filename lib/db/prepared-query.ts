import type { Db } from "./types";

/** A plain data statement: the kind both engines' prepared-statement layers prepare. */
export const DATA_STATEMENT = /^\s*(select|insert|update|delete|with)\b/i;

/**
 * A hot query built once per database handle (issue 14): drizzle turns the query builder into SQL
 * and a column mapping on every call (a quarter of a stored case's read on PostgreSQL went there);
 * a prepared drizzle query keeps both and takes its values as placeholders. On PostgreSQL the name
 * makes it a server-side prepared statement; on PGlite, lib/db/pglite-prepared.ts prepares it by text.
 *
 *   const byId = preparedPerDb((db) => db.select().from(t).where(eq(t.id, sql.placeholder("id"))).prepare("t_by_id"));
 *   const rows = await byId(db).execute({ id });
 */
export function preparedPerDb<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const built = new WeakMap<Db, Q>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
