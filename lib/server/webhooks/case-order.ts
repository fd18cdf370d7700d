import { sql, type SQL } from "drizzle-orm";

// Per-case ordering: a message waits while an earlier message of the same verification is not
// finished (pending, being delivered or waiting to retry). A failed (dead) one no longer holds
// the case back. `seq` follows commit order within a case, because a case's state changes are
// serialised on its row.

/** SQL true while `alias`'s message waits for an earlier one of its case (`alias` is a table name or alias in scope). */
export function waitsForEarlier(alias: string): SQL {
  return sql.raw(
    `exists (select 1 from webhook_messages earlier where earlier.team_id = ${alias}.team_id and earlier.mode = ${alias}.mode ` +
      `and earlier.verification_id = ${alias}.verification_id and earlier.seq < ${alias}.seq ` +
      `and earlier.status in ('pending', 'retrying', 'delivering'))`,
  );
}
