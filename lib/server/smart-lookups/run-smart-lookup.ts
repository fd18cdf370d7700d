import { getConfig } from "@/lib/config";
import {
  RISK_ENRICHMENT_CHECKS,
  type Address,
  type RiskEnrichment,
  type RiskState,
  type SmartLookupRequest,
  type SmartLookupResponse,
} from "@/lib/contract";
import type { Db } from "@/lib/db";
import { smartLookups } from "@/lib/db/schema";
import { LIVE_ENRICHMENT_PROVIDERS } from "../risk/live/enrichment-providers";
import type { EnrichmentProvider, EnrichmentResult } from "../risk/live/providers";
import type { RiskSubject } from "../risk/risk-engine";
import { sandboxEnrichmentOutcomes, sandboxRecommendation } from "../sandbox/risk";
import { getCachedRiskSettings } from "../settings/get-risk-settings";
import { newId } from "../shared/crypto";
import { ok, type Result } from "../shared/result";
import type { Tenant } from "../shared/tenant";

/*
 * POST /api/v1/smart-lookups (real-api.md, issue 16): the risk endpoint's enrichment providers
 * asked directly — one engine, two doors. Live runs the same providers the live risk engine uses
 * (the built-in credit bureau, online footprint and AML screening, or their vendor adapters); AML
 * enrols the person in monitoring only when `alerts_enabled`. Sandbox answers by spec 4.9's
 * email rule (`+review`: the last check fails; `+reject`: all fail) without reading any data.
 * Every lookup is stored with its answer (team retention applies).
 */

const CHECK_ENRICHMENT = { CreditBureau: "CREDIT_BUREAU", OnlineFootprint: "ONLINE_FOOTPRINT", AML: "AML" } as const satisfies Record<
  SmartLookupRequest["checks"][number],
  RiskEnrichment
>;
const REPORT_KEY = {
  CreditBureau: "credit_bureau_verification_report",
  OnlineFootprint: "online_footprint_verification_report",
  AML: "aml_verification_report",
} as const;
const METADATA_KEY = {
  CreditBureau: "creditBureauVerification",
  OnlineFootprint: "onlineFootprintVerification",
  AML: "amlVerification",
} as const;
/** The real API's `Reason` for a failed credit-bureau check; other checks carry their reasons in `metadata`. */
const FAIL_REASON: Record<string, "NO_IDENTITY_MATCH" | "NO_RESIDENCY_MATCH"> = {
  IDENTITY_MATCH: "NO_IDENTITY_MATCH",
  RESIDENCY_MATCH: "NO_RESIDENCY_MATCH",
};

type CheckName = SmartLookupRequest["checks"][number];
interface CheckOutcome {
  state: RiskState;
  checks: Record<string, { state: RiskState; reason?: string }>;
  score?: number;
  monitoredAccountId?: string;
}

export interface SmartLookupOptions {
  /** Override the providers (tests; a deployment's vendor adapters are set in LIVE_ENRICHMENT_PROVIDERS). */
  providers?: Partial<Record<RiskEnrichment, EnrichmentProvider>>;
  now?: Date;
}

/** The address the providers read: the structured one, or the first line and postcode (number split off the street). */
function addressOf(input: SmartLookupRequest): Address | undefined {
  if (input.address) return input.address;
  if (!input.first_line_of_address && !input.postcode) return undefined;
  const line = input.first_line_of_address ?? "";
  const numbered = /^(\d+[A-Za-z]?)[,\s]+(.+)$/.exec(line);
  return {
    ...(numbered ? { residence_number: numbered[1], street: numbered[2] } : line ? { building_name: line } : {}),
    ...(input.postcode ? { postcode: input.postcode } : {}),
    country_code: "GB",
  };
}

export async function runSmartLookup(
  db: Db,
  tenant: Tenant,
  input: SmartLookupRequest,
  options: SmartLookupOptions = {},
): Promise<Result<SmartLookupResponse>> {
  const now = options.now ?? new Date();
  const id = newId("slk");
  const settings = await getCachedRiskSettings(db, tenant);
  const thresholds = {
    aml: input.thresholds?.aml ?? settings.amlThreshold,
    onlineFootprint: input.thresholds?.onlineFootprint ?? settings.onlineFootprintThreshold,
  };
  const address = addressOf(input);
  const live = tenant.mode === "live";
  const monitor = live && input.alerts_enabled === true && input.checks.includes("AML");

  const outcomes = new Map<CheckName, CheckOutcome>();
  if (live) {
    const subject: RiskSubject = {
      request: {
        first_name: input.first_name,
        last_name: input.last_name,
        email: input.email ?? "",
        date_of_birth: input.date_of_birth ?? "",
        ...(input.phone ? { phone: input.phone } : {}),
        ...(address ? { address } : {}),
        enrichments: input.checks.map((c) => CHECK_ENRICHMENT[c]),
      },
      thresholds: { aml: thresholds.aml, online_footprint: thresholds.onlineFootprint },
      faceScan: null,
      report: "headline",
    };
    const providers = { ...LIVE_ENRICHMENT_PROVIDERS, ...options.providers };
    // One after another, as the risk engine runs them: AML may enrol, and each may be a vendor call.
    for (const check of input.checks) {
      const provider = providers[CHECK_ENRICHMENT[check]];
      let result: EnrichmentResult;
      try {
        result = await provider.run({
          db,
          tenant,
          subject,
          assessmentId: id,
          faceEmbedding: null,
          networkKey: getConfig().networkKey,
          now,
          monitor,
        });
      } catch (error) {
        // A provider that fails costs its check, not the lookup: said, not guessed.
        console.error(`[smart-lookups] the ${check} provider failed:`, error);
        result = { state: "INCONCLUSIVE", checks: {} };
        result.checks = Object.fromEntries(
          checkNames(check, input).map((n) => [n, { state: "INCONCLUSIVE", reason: "The provider is unavailable right now" }]),
        );
      }
      outcomes.set(check, {
        state: result.state,
        checks: result.checks as CheckOutcome["checks"],
        score: result.score,
        monitoredAccountId: result.monitoredAccountId,
      });
    }
  } else {
    // The outcomes come in the order of the checks asked.
    const sandboxOutcomes = sandboxEnrichmentOutcomes(
      input.checks.map((c) => CHECK_ENRICHMENT[c]),
      sandboxRecommendation(input.email ?? ""),
    );
    input.checks.forEach((check, i) => {
      const { state } = sandboxOutcomes[i]!;
      outcomes.set(check, {
        state,
        checks: Object.fromEntries(
          checkNames(check, input).map((n) => [
            n,
            { state, reason: `Sandbox: ${state === "PASS" ? "passes" : "fails"} by the email rule (spec 4.9)` },
          ]),
        ),
      });
    });
  }

  const response: SmartLookupResponse = {
    id,
    team_id: tenant.teamId,
    checks: input.checks,
    first_name: input.first_name,
    last_name: input.last_name,
    first_line_of_address: input.first_line_of_address ?? null,
    postcode: input.postcode ?? input.address?.postcode ?? null,
    address: input.address ?? null,
    ...(input.date_of_birth ? { date_of_birth: input.date_of_birth } : {}),
    ...(input.email ? { email: input.email } : {}),
    ...(input.phone ? { phone: input.phone } : {}),
    billable: live,
    metadata: { thresholds, billable: live },
    alerts_enabled_at: input.alerts_enabled && input.checks.includes("AML") ? now.toISOString() : null,
    created_at: now.toISOString(),
  };
  let monitoredAccountId: string | null = null;
  for (const check of input.checks) {
    const outcome = outcomes.get(check)!;
    const checks: Record<string, { state: RiskState; reason?: "NO_IDENTITY_MATCH" | "NO_RESIDENCY_MATCH" }> = {};
    const reasons: Record<string, string> = {};
    for (const name of checkNames(check, input)) {
      const found = outcome.checks[name] ?? { state: outcome.state };
      const reason = found.state === "FAIL" ? FAIL_REASON[name] : undefined;
      checks[name] = reason ? { state: found.state, reason } : { state: found.state };
      if (found.reason) reasons[name] = found.reason;
    }
    (response as Record<string, unknown>)[REPORT_KEY[check]] = { state: outcome.state, checks };
    response.metadata[METADATA_KEY[check]] = { reasons, ...(outcome.score !== undefined ? { score: outcome.score } : {}) };
    if (outcome.monitoredAccountId) monitoredAccountId = outcome.monitoredAccountId;
  }

  await db.insert(smartLookups).values({
    id,
    teamId: tenant.teamId,
    mode: tenant.mode,
    checks: input.checks,
    response: response as unknown as Record<string, unknown>,
    billable: live,
    monitoredAccountId,
    alertsEnabledAt: response.alerts_enabled_at ? now : null,
    createdAt: now,
  });
  return ok(response);
}

/** The check names of each report (the risk endpoint's); the online footprint's phone score only when a phone was given. */
function checkNames(check: CheckName, input: SmartLookupRequest): string[] {
  return RISK_ENRICHMENT_CHECKS[CHECK_ENRICHMENT[check]].filter((name) => name !== "PHONE_SCORE" || input.phone);
}
