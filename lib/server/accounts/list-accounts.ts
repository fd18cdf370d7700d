import { and, eq, type SQL } from "drizzle-orm";
import type { z } from "zod";
import type { accountListQuerySchema, accountListSchema } from "@/lib/contract";
import type { Db } from "@/lib/db";
import { monitoredAccounts } from "@/lib/db/schema";
import { SANDBOX_ACCOUNTS, toAccountSummary as cannedSummary } from "../sandbox/accounts";
import { cursorCondition, newestFirst, page } from "../shared/cursor";
import { ok, type Result } from "../shared/result";
import { type Tenant, ofTenant } from "../shared/tenant";
import { toAccountSummary } from "./to-account";

type Query = z.infer<typeof accountListQuerySchema>;
type AccountList = z.infer<typeof accountListSchema>;

/** ListAccounts. Sandbox: the two canned accounts of spec 4.11; live: the tenant's monitored people. */
export async function listAccounts(db: Db, tenant: Tenant, query: Query): Promise<Result<AccountList>> {
  if (tenant.mode === "sandbox") {
    const accounts = SANDBOX_ACCOUNTS.filter((a) => !query.status || a.status === query.status).map(cannedSummary);
    return ok({ accounts, next_cursor: null });
  }
  const conditions: SQL[] = [ofTenant(monitoredAccounts, tenant)];
  if (query.status) conditions.push(eq(monitoredAccounts.status, query.status));
  const after = cursorCondition(query.cursor, monitoredAccounts);
  if (!after.ok) return after;
  if (after.value) conditions.push(after.value);
  const rows = await db
    .select()
    .from(monitoredAccounts)
    .where(and(...conditions))
    .orderBy(...newestFirst(monitoredAccounts))
    .limit(query.limit + 1);
  const { items, nextCursor } = page(rows, query.limit);
  return ok({ accounts: items.map(toAccountSummary), next_cursor: nextCursor });
}
