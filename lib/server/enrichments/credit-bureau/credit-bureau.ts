import type { Address } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { Mode } from "@/lib/db/schema";
import type { EnrichmentCheckResult, EnrichmentProvider } from "../../risk/live/providers";
import { combineStates } from "../combine-states";

/** What a bureau is asked: the person and the address they gave. */
export interface BureauQuery {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  address?: Address;
  /** The assessing tenant's mode: a bureau may keep test data apart. */
  mode: Mode;
}

export interface BureauAnswer {
  identity: EnrichmentCheckResult;
  residency: EnrichmentCheckResult;
}

/**
 * A credit bureau: confirms that a person exists (IDENTITY_MATCH) and lives where they say
 * (RESIDENCY_MATCH). The built-in one reads imported residency datasets; a vendor adapter
 * implements the same interface.
 */
export interface CreditBureauProvider {
  name: string;
  check(db: Db, query: BureauQuery): Promise<BureauAnswer>;
}

/** The CREDIT_BUREAU enrichment over any bureau. */
export function creditBureauEnrichment(bureau: CreditBureauProvider): EnrichmentProvider {
  return {
    enrichment: "CREDIT_BUREAU",
    name: bureau.name,
    async run({ db, tenant, subject }) {
      const { request } = subject;
      const answer = await bureau.check(db, {
        firstName: request.first_name,
        lastName: request.last_name,
        dateOfBirth: request.date_of_birth,
        address: request.address,
        mode: tenant.mode,
      });
      const trustSignals: string[] = [];
      const fraudSignals: string[] = [];
      if (answer.identity.state === "PASS") trustSignals.push("BUREAU_IDENTITY_MATCH");
      if (answer.identity.state === "FAIL") fraudSignals.push("BUREAU_IDENTITY_NOT_FOUND");
      if (answer.residency.state === "PASS") trustSignals.push("BUREAU_RESIDENCY_MATCH");
      if (answer.residency.state === "FAIL" && answer.identity.state === "PASS") fraudSignals.push("BUREAU_RESIDENCY_MISMATCH");
      return {
        state: combineStates([answer.identity.state, answer.residency.state]),
        checks: { IDENTITY_MATCH: answer.identity, RESIDENCY_MATCH: answer.residency },
        trustSignals,
        fraudSignals,
      };
    },
  };
}
