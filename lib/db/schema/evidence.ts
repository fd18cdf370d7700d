import { customType, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/** bytea as a Buffer on both engines (PGlite answers Uint8Array, pg answers Buffer). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Images submitted with a case or an assessment (selfie, document sides), kept for review and
 * deleted with their owner by the retention job. Type and size are checked before they get here.
 */
export const evidenceFiles = pgTable(
  "evidence_files",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    ownerType: text("owner_type").notNull(), // "verification" | "risk_assessment"
    ownerId: text("owner_id").notNull(),
    role: text("role").notNull(), // "face_scan" | "document" | "back_side"
    mimeType: text("mime_type").notNull(),
    byteSize: integer("byte_size").notNull(),
    sha256: text("sha256").notNull(),
    data: bytea("data").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("evidence_files_owner_idx").on(t.ownerType, t.ownerId),
    index("evidence_files_team_mode_created_idx").on(t.teamId, t.mode, t.createdAt),
  ],
);
export type EvidenceFile = typeof evidenceFiles.$inferSelect;
export type NewEvidenceFile = typeof evidenceFiles.$inferInsert;
