import { index, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/** Client credentials of a team for one mode. Only a SHA-256 of the secret is kept. */
export const apiClients = pgTable(
  "api_clients",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    name: text("name").notNull(),
    clientId: text("client_id").notNull(),
    secretHash: text("secret_hash").notNull(),
    // Last characters of the secret, so staff can tell credentials apart without the secret.
    secretHint: text("secret_hint").notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [uniqueIndex("api_clients_client_id_key").on(t.clientId), index("api_clients_team_mode_idx").on(t.teamId, t.mode)],
);
export type ApiClient = typeof apiClients.$inferSelect;
export type NewApiClient = typeof apiClients.$inferInsert;

/** Opaque bearer tokens (spec 5), stored as SHA-256 hashes; at most one day long. */
export const accessTokens = pgTable(
  "access_tokens",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    apiClientId: text("api_client_id")
      .notNull()
      .references(() => apiClients.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("access_tokens_hash_key").on(t.tokenHash), index("access_tokens_expiry_idx").on(t.expiresAt)],
);
export type AccessToken = typeof accessTokens.$inferSelect;
export type NewAccessToken = typeof accessTokens.$inferInsert;
