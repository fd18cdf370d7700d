import type { Db } from "@/lib/db";

/**
 * What a workflow does once one of its hosted cases is settled: decided by the checks (Verified or
 * Refused) or locked out. The hosted runner owns this table and never names the workflows that use
 * it; a workflow registers its handler when the process is wired (the referee workflow settles the
 * vouch it was opened for: lib/server/vouch/register-vouch-settlement.ts). That keeps the import
 * graph one way: vouching builds on the hosted flow, the hosted flow knows nothing of vouching.
 *
 * The table lives on globalThis because Next bundles its own copies of these modules: the copy that
 * the process wiring registered into and the copy a page's upload runs must share one table.
 */
export type CaseSettledHandler = (db: Db, verificationId: string, now: Date) => Promise<unknown>;

const TABLE = Symbol.for("idv.hostedCaseSettled");

function table(): Map<string, CaseSettledHandler> {
  const holder = globalThis as { [TABLE]?: Map<string, CaseSettledHandler> };
  return (holder[TABLE] ??= new Map());
}

/** Registers (or replaces: wiring twice is harmless) the handler of one workflow's settled cases. */
export function onCaseSettled(workflowId: string, handler: CaseSettledHandler): void {
  table().set(workflowId, handler);
}

/** Runs the settled case's workflow handler, if its workflow registered one. */
export async function caseSettled(db: Db, settled: { workflowId: string; verificationId: string; now: Date }): Promise<void> {
  const handler = table().get(settled.workflowId);
  if (handler) await handler(db, settled.verificationId, settled.now);
}
