/** Both drivers answer `db.execute` with `{ rows }`; Drizzle's shared type does not say so. */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
