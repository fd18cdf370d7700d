import type { Db } from "@/lib/db";
import { embedSettings } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import { parseFrameAncestor } from "./frame-ancestors";

/** The origins that may frame this team's hosted flow in this mode (none unless the team listed some). */
export async function getEmbedSettings(db: Db, tenant: Tenant): Promise<{ frameAncestors: string[] }> {
  const [row] = await db
    .select({ frameAncestors: embedSettings.frameAncestors })
    .from(embedSettings)
    .where(ofTenant(embedSettings, tenant))
    .limit(1);
  // Re-checked on the way out: whatever is stored, only a valid origin ever reaches a header.
  return { frameAncestors: (row?.frameAncestors ?? []).filter((origin) => parseFrameAncestor(origin).ok) };
}
