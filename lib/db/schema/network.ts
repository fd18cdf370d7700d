import { sql } from "drizzle-orm";
import { bit, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt, modeEnum } from "./common";
import { teams } from "./teams";
import { tenantColumns } from "./tenant";
import { monitoredAccounts, accountAlerts } from "./accounts";

/*
 * The fraud-signal network (issue 7). These tables are platform-wide on purpose: a signal is
 * "seen with another identity anywhere on the platform". They hold keyed hashes (HMAC with the
 * platform's network key) of normalised values, never one team's raw data; the team column only
 * lets a query count "other teams" and delete a team's rows with it.
 */

/** One live assessment or verification as the network sees it. */
export const networkIdentities = pgTable(
  "network_identities",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    source: text("source").notNull(), // "risk_assessment" | "verification"
    sourceId: text("source_id").notNull(),
    /** HMAC of the normalised email. */
    emailKey: text("email_key").notNull(),
    /** HMAC of normalised first + last name and date of birth; null when not all are known. */
    identityKey: text("identity_key"),
    createdAt: createdAt(),
  },
  (t) => [
    index("network_identities_email_created_idx").on(t.emailKey, t.createdAt),
    index("network_identities_email_identity_idx").on(t.emailKey, t.identityKey),
    index("network_identities_identity_idx").on(t.identityKey),
    index("network_identities_source_idx").on(t.source, t.sourceId),
  ],
);
export type NetworkIdentity = typeof networkIdentities.$inferSelect;
export type NewNetworkIdentity = typeof networkIdentities.$inferInsert;

/**
 * A face seen by the network: its embedding (unit length), the model that made it, and the
 * identity it came with. Where pgvector exists, migration 0021 (after 0006) keeps
 * `embedding_vec vector(128)` generated from `embedding` for the current model's faces
 * (lib/server/faces/describe-face.ts, FACE_MODEL) with an HNSW index; without it the search
 * screens `embedding_code`. Searches compare only faces of the current model.
 */
export const networkFaces = pgTable(
  "network_faces",
  {
    id: text("id").primaryKey(),
    teamId: text("team_id")
      .notNull()
      .references(() => teams.id, { onDelete: "cascade" }),
    networkIdentityId: text("network_identity_id").references(() => networkIdentities.id, { onDelete: "cascade" }),
    identityKey: text("identity_key"),
    embedding: real("embedding").array().notNull(),
    /** The descriptor that made `embedding` ("faceapi-resnet34"; "human-faceres" before migration 0021). */
    model: text("model").notNull(),
    /** The embedding's sign-bit code (lib/server/faces/face-code.ts): screens faces where pgvector is absent. */
    embeddingCode: bit("embedding_code", { dimensions: 1024 }),
    createdAt: createdAt(),
  },
  (t) => [
    index("network_faces_identity_idx").on(t.identityKey),
    // The coded search adds every face not coded yet: without this the lookup scans the table (~17 ms at 100,000 faces).
    index("network_faces_uncoded_idx")
      .on(t.id)
      .where(sql`${t.embeddingCode} is null`),
  ],
);
export type NetworkFace = typeof networkFaces.$inferSelect;
export type NewNetworkFace = typeof networkFaces.$inferInsert;

/** The platform blocklist: known fraudsters by email, name + date of birth, or face. */
export const blocklistEntries = pgTable(
  "blocklist_entries",
  {
    id: text("id").primaryKey(),
    kind: text("kind").notNull(), // "email" | "identity" | "face"
    emailKey: text("email_key"),
    identityKey: text("identity_key"),
    faceEmbedding: real("face_embedding").array(),
    /** What staff typed (shown only to the team that added it; CLI entries have no team). */
    label: text("label").notNull(),
    reason: text("reason").notNull(),
    addedByTeamId: text("added_by_team_id").references(() => teams.id, { onDelete: "set null" }),
    addedBy: text("added_by"),
    createdAt: createdAt(),
    removedAt: timestamp("removed_at", { withTimezone: true }),
  },
  (t) => [index("blocklist_entries_email_idx").on(t.emailKey), index("blocklist_entries_identity_idx").on(t.identityKey)],
);
export type BlocklistEntry = typeof blocklistEntries.$inferSelect;
export type NewBlocklistEntry = typeof blocklistEntries.$inferInsert;

/** NFD: a confirmed fraud a team filed from a case; matched across the platform like the blocklist. */
export const fraudReports = pgTable(
  "fraud_reports",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    subjectType: text("subject_type").notNull(), // "verification" | "risk_assessment"
    subjectId: text("subject_id").notNull(),
    emailKey: text("email_key"),
    identityKey: text("identity_key"),
    faceEmbedding: real("face_embedding").array(),
    reason: text("reason").notNull(),
    reportedBy: text("reported_by"),
    createdAt: createdAt(),
  },
  (t) => [
    index("fraud_reports_email_idx").on(t.emailKey),
    index("fraud_reports_identity_idx").on(t.identityKey),
    index("fraud_reports_team_mode_created_idx").on(t.teamId, t.mode, t.createdAt),
  ],
);
export type FraudReport = typeof fraudReports.$inferSelect;
export type NewFraudReport = typeof fraudReports.$inferInsert;

/** One imported sanctions or PEP list file; every import is a new version, older ones are kept. */
export const amlListVersions = pgTable(
  "aml_list_versions",
  {
    id: text("id").primaryKey(),
    source: text("source").notNull(), // "ofac_sdn" | "un_consolidated" | "opensanctions"
    title: text("title").notNull(),
    fileName: text("file_name").notNull(),
    sha256: text("sha256").notNull(),
    entityCount: integer("entity_count").notNull(),
    importedBy: text("imported_by"),
    importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("aml_list_versions_source_imported_idx").on(t.source, t.importedAt)],
);
export type AmlListVersion = typeof amlListVersions.$inferSelect;
export type NewAmlListVersion = typeof amlListVersions.$inferInsert;

/** A listed person or organisation in one list version. */
export const amlEntities = pgTable(
  "aml_entities",
  {
    id: text("id").primaryKey(),
    listVersionId: text("list_version_id")
      .notNull()
      .references(() => amlListVersions.id, { onDelete: "cascade" }),
    /** The list's own id of the entity, stable across versions (for example OFAC's uid). */
    entityKey: text("entity_key").notNull(),
    caption: text("caption").notNull(),
    entityType: text("entity_type").notNull(), // "person" | "organization" | "vessel" | ...
    riskType: text("risk_type").notNull(), // "sanction" | "pep"
    names: text("names").array().notNull(),
    birthDates: text("birth_dates").array().notNull(),
    countries: text("countries").array().notNull(),
    datasets: jsonb("datasets").$type<{ id: string; title: string }[]>().notNull(),
  },
  (t) => [index("aml_entities_version_idx").on(t.listVersionId), index("aml_entities_entity_key_idx").on(t.entityKey)],
);
export type AmlEntity = typeof amlEntities.$inferSelect;
export type NewAmlEntity = typeof amlEntities.$inferInsert;

/** A listed entity already alerted for a monitored account: an alert is raised once per match. */
export const monitoringMatches = pgTable(
  "monitoring_matches",
  {
    accountId: text("account_id")
      .notNull()
      .references(() => monitoredAccounts.id, { onDelete: "cascade" }),
    entityKey: text("entity_key").notNull(),
    alertId: text("alert_id").references(() => accountAlerts.id, { onDelete: "set null" }),
    score: integer("score").notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.entityKey] })],
);
export type MonitoringMatch = typeof monitoringMatches.$inferSelect;

/** One imported residency dataset (credit bureau's built-in provider); older ones are kept. */
export const residencyDatasets = pgTable("residency_datasets", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  fileName: text("file_name").notNull(),
  sha256: text("sha256").notNull(),
  recordCount: integer("record_count").notNull(),
  mode: modeEnum("mode").notNull().default("live"),
  importedAt: timestamp("imported_at", { withTimezone: true }).notNull().defaultNow(),
});
export type ResidencyDataset = typeof residencyDatasets.$inferSelect;

/** A person known at an address, as a bureau would hold it. */
export const residencyRecords = pgTable(
  "residency_records",
  {
    id: text("id").primaryKey(),
    datasetId: text("dataset_id")
      .notNull()
      .references(() => residencyDatasets.id, { onDelete: "cascade" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    /** Normalised (ASCII, lower case) last name, for the lookup index. */
    lastNameKey: text("last_name_key").notNull(),
    dateOfBirth: text("date_of_birth"),
    residenceNumber: text("residence_number"),
    buildingName: text("building_name"),
    street: text("street"),
    city: text("city"),
    /** Upper case, no spaces, like addresses.postcode_key. */
    postcodeKey: text("postcode_key").notNull(),
    countryCode: text("country_code").notNull(),
  },
  (t) => [
    index("residency_records_dataset_name_idx").on(t.datasetId, t.lastNameKey, t.dateOfBirth),
    index("residency_records_dataset_postcode_idx").on(t.datasetId, t.postcodeKey),
  ],
);
export type ResidencyRecord = typeof residencyRecords.$inferSelect;
export type NewResidencyRecord = typeof residencyRecords.$inferInsert;
