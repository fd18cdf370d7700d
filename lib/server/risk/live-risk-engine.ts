import { RISK_ENRICHMENT_CHECKS, type RiskEnrichment, type RiskEnrichmentReports } from "@/lib/contract";
import { getConfig } from "@/lib/config";
import { runEngineTask } from "../engines/engine-pool";
import { emailKey, identityKey } from "../network/keys";
import { ok } from "../shared/result";
import { enrichmentReportKey } from "./build-enrichment-reports";
import { LIVE_ENRICHMENT_PROVIDERS } from "./live/enrichment-providers";
import type { DeferredWrite, EnrichmentProvider, EnrichmentResult } from "./live/providers";
import { score, type FactorOutcome } from "./live/score";
import { loadScoringModel, type Factor } from "./live/scoring-model";
import { blocklistSignal } from "./live/signals/blocklist";
import { emailLinkingSignal } from "./live/signals/email-linking";
import { readEmailHistory, type VelocityLimit } from "./live/signals/email-history";
import { emailVelocitySignal } from "./live/signals/email-velocity";
import { faceLinkingSignal, type FaceInput } from "./live/signals/face-linking";
import type { SignalResult } from "./live/signals/signal";
import type { RiskEngine, RiskFindings } from "./risk-types";

export interface LiveRiskEngineOptions {
  networkKey?: string;
  providers?: Partial<Record<RiskEnrichment, EnrichmentProvider>>;
  velocityLimits?: VelocityLimit[];
  scoringModelFile?: string | null;
}

/**
 * Live risk (issue 7): the four fraud signals of spec 2.8 over the platform's network, the
 * requested enrichments from their providers, and the scoring model's explainable score. The
 * engine only reads; what the network keeps (`observation`) is written by assessRisk with the
 * assessment, in one transaction.
 */
export function createLiveRiskEngine(options: LiveRiskEngineOptions = {}): RiskEngine {
  return {
    async assess(subject, context) {
      if (!context) throw new Error("The live risk engine needs its context (db, tenant, assessment id)");
      const config = getConfig();
      const networkKey = options.networkKey ?? config.networkKey;
      const { request } = subject;
      const keys = {
        emailKey: emailKey(networkKey, request.email),
        identityKey: identityKey(networkKey, {
          firstName: request.first_name,
          lastName: request.last_name,
          dateOfBirth: request.date_of_birth,
        }),
      };

      let face: FaceInput = { kind: "none" };
      if (subject.faceScan) {
        try {
          // Off the request thread, in the engine pool: detection and description take ~0.1–0.3 s of a core.
          const embedded = await runEngineTask({ op: "face_embedding", input: { image: subject.faceScan.bytes } });
          face = embedded.ok
            ? { kind: "embedding", embedding: embedded.value.embedding }
            : { kind: "unusable", reason: `No usable face in face_scan: ${embedded.error.message}` };
        } catch (error) {
          // The face model failing (memory, a damaged install) costs the face checks, not the assessment.
          console.error("[risk] face embedding failed:", (error as Error).message);
          face = { kind: "unusable", reason: "The face model is unavailable on this deployment right now" };
        }
      }
      const faceEmbedding = face.kind === "embedding" ? face.embedding : null;
      const { db } = context;

      const limits = options.velocityLimits ?? config.risk.emailVelocity;
      const providers = options.providers ?? LIVE_ENRICHMENT_PROVIDERS;
      const enrichments = request.enrichments ?? [];
      // The enrichments need nothing from the signals (only the score needs both), so they run
      // beside the signals' reads: one database round trip fewer in each assessment (issue 14).
      // Among themselves, one after another (each provider may be a vendor call). What they would
      // write (AML's enrolment in monitoring) is handed back, to be stored with the assessment.
      const writes: DeferredWrite[] = [];
      const runEnrichments = async () => {
        const results: { enrichment: RiskEnrichment; result: EnrichmentResult }[] = [];
        for (const enrichment of enrichments) {
          const provider = providers[enrichment];
          const result: EnrichmentResult = provider
            ? await provider.run({
                db,
                tenant: context.tenant,
                subject,
                assessmentId: context.assessmentId,
                faceEmbedding,
                networkKey,
                networkKeys: keys,
                now: context.now,
                deferWrite: (write) => writes.push(write),
              })
            : notConfigured(enrichment);
          results.push({ enrichment, result });
        }
        return results;
      };
      const [blocklist, history, faceLinking, results] = await Promise.all([
        blocklistSignal(db, { ...keys, faceEmbedding }),
        readEmailHistory(db, { ...keys, now: context.now, limits }),
        faceLinkingSignal(db, { face, identityKey: keys.identityKey }),
        runEnrichments(),
      ]);
      const signals: SignalResult[] = [
        blocklist,
        emailLinkingSignal(history, keys.identityKey),
        emailVelocitySignal(history, limits),
        faceLinking,
      ];

      const reports: Record<string, unknown> = {};
      for (const { enrichment, result } of results) {
        const checks = Object.fromEntries(
          RISK_ENRICHMENT_CHECKS[enrichment].map((check) => {
            const found = result.checks[check] ?? { state: result.state };
            return [check, found.reason === undefined ? { state: found.state } : { state: found.state, reason: found.reason }];
          }),
        );
        reports[enrichmentReportKey(enrichment)] = { state: result.state, checks };
      }

      const outcomes: FactorOutcome[] = [
        ...signals.map((s) => ({ name: s.name as Factor, state: s.state, reason: s.reason })),
        ...results.map(({ enrichment, result }) => ({
          name: enrichmentReportKey(enrichment) as Factor,
          state: result.state,
          reason: summarise(result),
        })),
      ];
      const scored = score(loadScoringModel(options.scoringModelFile ?? config.risk.scoringModelFile), outcomes);
      const failed = signals.filter((s) => s.state === "FAIL");
      const findings: RiskFindings = {
        risk_score: scored.riskScore,
        recommendation: scored.recommendation,
        trust_signals: unique([...signals.flatMap((s) => s.trustSignals), ...results.flatMap((r) => r.result.trustSignals ?? [])]),
        fraud_signals: unique([...signals.flatMap((s) => s.fraudSignals), ...results.flatMap((r) => r.result.fraudSignals ?? [])]),
        enrichment_reports: reports as RiskEnrichmentReports,
        radar_verification_report: {
          state: failed.length ? "FAIL" : signals.every((s) => s.state === "NOT_PERFORMED") ? "NOT_PERFORMED" : "PASS",
          checks: signals.map((s) => ({ name: s.name, state: s.state, reason: s.reason })),
        },
        billable: true,
        score_factors: scored.factors,
        observation: { ...keys, faceEmbedding },
        writes,
      };
      return ok(findings);
    },
  };
}

function notConfigured(enrichment: RiskEnrichment): EnrichmentResult {
  const reason = "No provider is configured for this enrichment on this deployment";
  return {
    state: "NOT_PERFORMED",
    checks: Object.fromEntries(RISK_ENRICHMENT_CHECKS[enrichment].map((c) => [c, { state: "NOT_PERFORMED", reason }])),
  };
}

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/** The enrichment's own reasons, joined for the score's explanation. */
function summarise(result: EnrichmentResult): string {
  const reasons = Object.entries(result.checks)
    .filter(([, check]) => check?.reason)
    .map(([name, check]) => `${name}: ${check!.reason}`);
  return reasons.length ? reasons.join("; ") : result.state === "NOT_PERFORMED" ? "Not performed" : `State ${result.state}`;
}

export const liveRiskEngine: RiskEngine = createLiveRiskEngine();
