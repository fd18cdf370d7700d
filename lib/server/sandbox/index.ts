// Everything the sandbox answers with, as typed data in one place (spec 4.9–4.11, section 6).
export * from "./verifications";
export * from "./accounts";
export * from "./postcodes";
export * from "./risk";
export * from "./documents";
export * from "./artefacts";
export * from "./evisa";
