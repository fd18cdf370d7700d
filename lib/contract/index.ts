// The wire contract: one zod source for validation, types, the OpenAPI document and the client.
export * from "./common";
export * from "./error-codes";
export * from "./auth";
export * from "./verifications";
export * from "./risk";
export * from "./lookup";
export * from "./accounts";
export * from "./webhooks";
export * from "./webhook-messages";
export * from "./documents";
export * from "./coverage";
export * from "./flows";
export * from "./artefacts";
export * from "./team";
export * from "./smart-lookups";
export * from "./evisa";
export * from "./adverse-media";
