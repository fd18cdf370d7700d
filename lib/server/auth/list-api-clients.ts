import { desc } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { apiClients } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";

export async function listApiClients(db: Db, tenant: Tenant) {
  return db
    .select({
      id: apiClients.id,
      name: apiClients.name,
      mode: apiClients.mode,
      clientId: apiClients.clientId,
      secretHint: apiClients.secretHint,
      createdAt: apiClients.createdAt,
      lastUsedAt: apiClients.lastUsedAt,
      revokedAt: apiClients.revokedAt,
    })
    .from(apiClients)
    .where(ofTenant(apiClients, tenant))
    .orderBy(desc(apiClients.createdAt));
}
