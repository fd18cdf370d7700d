/*
 * The built-in enrichment providers (issue 7), for the live risk engine's provider table.
 * Each implements `EnrichmentProvider` (lib/server/risk/live/providers.ts).
 */
export { onlineFootprintProvider } from "./online-footprint/online-footprint-provider";
export { builtInCreditBureau, creditBureauProvider } from "./credit-bureau/built-in-bureau";
export { creditBureauEnrichment, type BureauAnswer, type BureauQuery, type CreditBureauProvider } from "./credit-bureau/credit-bureau";
export { nfdProvider } from "../fraud-reports/nfd-provider";
