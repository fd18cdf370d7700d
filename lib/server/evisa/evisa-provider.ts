import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { evisaRecords, type EvisaRecord } from "@/lib/db/schema";

/*
 * Where an eVisa is looked up by share code. The built-in provider answers from the register the
 * platform operator imports (`import-evisa-records`); an adapter to a Home Office connection would
 * implement the same interface. The provider never decides the outcome: verify-evisa.ts judges
 * what it returns against the person's date of birth and today's date.
 */

export type EvisaLookup = { found: false } | { found: true; record: EvisaRecord };

export interface EvisaProvider {
  name: string;
  lookUp(db: Db, shareCode: string): Promise<EvisaLookup>;
}

/** Thrown by a provider whose service cannot answer now (answered as 503 with a retry time). */
export class EvisaUnavailableError extends Error {
  constructor(readonly retryAfterSeconds = 60) {
    super("The eVisa service is not answering right now");
    this.name = "EvisaUnavailableError";
  }
}

export const builtInEvisaProvider: EvisaProvider = {
  name: "built-in register",
  async lookUp(db, shareCode) {
    const [record] = await db.select().from(evisaRecords).where(eq(evisaRecords.shareCode, shareCode)).limit(1);
    return record ? { found: true, record } : { found: false };
  },
};
