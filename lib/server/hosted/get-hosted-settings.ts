import type { Db } from "@/lib/db";
import { hostedSettings } from "@/lib/db/schema";
import { type Tenant, ofTenant } from "../shared/tenant";
import { PROFESSIONS, REFEREE_LIMIT } from "../vouch/referee-rules";

export const DEFAULT_MAX_ATTEMPTS = 5;

/** A team's hosted-flow settings for one mode (defaults when it never saved any). */
export async function getHostedSettings(
  db: Db,
  tenant: Tenant,
): Promise<{ maxAttempts: number; refereeProfessions: string[]; refereeLimit: number }> {
  const [row] = await db
    .select({
      maxAttempts: hostedSettings.maxAttempts,
      refereeProfessions: hostedSettings.refereeProfessions,
      refereeLimit: hostedSettings.refereeLimit,
    })
    .from(hostedSettings)
    .where(ofTenant(hostedSettings, tenant))
    .limit(1);
  return {
    maxAttempts: row?.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    refereeProfessions: row?.refereeProfessions ?? [...PROFESSIONS],
    refereeLimit: row?.refereeLimit ?? REFEREE_LIMIT,
  };
}
