// The service's tables. The onboarding app's own tables live in lib/onboarding/schema.ts.
export * from "./common";
export * from "./teams";
export * from "./auth";
export * from "./verifications";
export * from "./workflows";
export * from "./risk";
export * from "./lookup";
export * from "./accounts";
export * from "./webhooks";
export * from "./webhook-messages";
export * from "./audit";
export * from "./settings";
export * from "./evidence";
export * from "./mail";
export * from "./network";
export * from "./hosted";
export * from "./vouches";
