import type { RiskEnrichment } from "@/lib/contract";
import { builtInAmlProvider } from "../../aml/aml-provider";
import { creditBureauProvider } from "../../enrichments/credit-bureau/built-in-bureau";
import { onlineFootprintProvider } from "../../enrichments/online-footprint/online-footprint-provider";
import { nfdProvider } from "../../fraud-reports/nfd-provider";
import type { EnrichmentProvider } from "./providers";

/**
 * The provider answering each enrichment in live mode: the built-in ones work on the platform's
 * own data (imported lists and datasets, the network's fraud reports); a vendor adapter with the
 * same interface replaces one here.
 */
export const LIVE_ENRICHMENT_PROVIDERS: Record<RiskEnrichment, EnrichmentProvider> = {
  AML: builtInAmlProvider,
  CREDIT_BUREAU: creditBureauProvider,
  ONLINE_FOOTPRINT: onlineFootprintProvider,
  NFD: nfdProvider,
};
