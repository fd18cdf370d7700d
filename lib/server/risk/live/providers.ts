import type { RiskEnrichment, RiskState } from "@/lib/contract";
import type { Db } from "@/lib/db";
import type { Tenant } from "../../shared/tenant";
import type { EnrichmentCheckName } from "../build-enrichment-reports";
import type { DeferredWrite, RiskSubject } from "../risk-types";

/*
 * The seam between the live risk engine and each enrichment (issue 7). Every enrichment has one
 * provider interface, a built-in provider that works on the platform's own data, and room for an
 * adapter to an outside vendor with the same interface.
 */

export interface EnrichmentContext {
  db: Db;
  tenant: Tenant;
  subject: RiskSubject;
  /** Id the stored assessment will have (monitoring links the account to it). */
  assessmentId: string;
  /** Face embedding of `face_scan` (unit length), when a face was given and found. */
  faceEmbedding: number[] | null;
  networkKey: string;
  /** The subject's network keys (lib/server/network/keys.ts) where the caller has made them already. */
  networkKeys?: { emailKey: string; identityKey: string | null };
  now: Date;
  /** AML: enrol the person in ongoing monitoring (the risk endpoint always does; a smart lookup when alerts_enabled). Default true. */
  monitor?: boolean;
  /**
   * Where given, the enrichment hands its writes (AML's enrolment) to the caller, to run in the
   * transaction that stores the assessment, instead of making them at once: nothing is written
   * for an assessment that is not stored.
   */
  deferWrite?: (write: DeferredWrite) => void;
}

export type { DeferredWrite };

export interface EnrichmentCheckResult {
  state: RiskState;
  /** Why, in words a reviewer can read (shown on the wire as the check's `reason`). */
  reason?: string;
}

export interface EnrichmentResult {
  state: RiskState;
  checks: Partial<Record<EnrichmentCheckName, EnrichmentCheckResult>>;
  /** 0–100 where the enrichment has a score (online footprint: against its threshold). */
  score?: number;
  /** Named signals for the response's `trust_signals` / `fraud_signals` (e.g. LOW_EMAIL_SCORE). */
  trustSignals?: string[];
  fraudSignals?: string[];
  /** AML only: set when the person was enrolled in monitoring. */
  monitoredAccountId?: string;
}

export interface EnrichmentProvider {
  enrichment: RiskEnrichment;
  /** "built-in" or the vendor's name. */
  name: string;
  run(context: EnrichmentContext): Promise<EnrichmentResult>;
}
