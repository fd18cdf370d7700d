import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db";
import { accessTokens, apiClients } from "@/lib/db/schema";
import { digestsEqual, newId, randomToken, sha256 } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { modeOfSecret } from "./create-api-client";

// Compared against when the client id is unknown, so both failure paths cost the same.
const DUMMY_HASH = sha256("no such client");

export interface IssuedToken {
  accessToken: string;
  expiresAt: Date;
}

/** spec 4.1: exchanges client credentials for an opaque bearer token of at most one day. */
export async function issueToken(
  db: Db,
  input: { clientId: string; clientSecret: string; ttlSeconds: number; now?: Date },
): Promise<Result<IssuedToken>> {
  const client = await db.query.apiClients.findFirst({ where: (c, { eq }) => eq(c.clientId, input.clientId) });
  const matches = digestsEqual(sha256(input.clientSecret), client?.secretHash ?? DUMMY_HASH);
  // A secret's prefix and its stored mode always agree (createApiClient); check both anyway.
  if (!client || !matches || client.revokedAt || modeOfSecret(input.clientSecret) !== client.mode) {
    return fail("unauthenticated", "Invalid client credentials", { code: "invalid_client" });
  }
  const now = input.now ?? new Date();
  const accessToken = randomToken(32);
  const expiresAt = new Date(now.getTime() + input.ttlSeconds * 1000);
  await db.insert(accessTokens).values({
    id: newId("tok"),
    teamId: client.teamId,
    mode: client.mode,
    apiClientId: client.id,
    tokenHash: sha256(accessToken),
    expiresAt,
  });
  await db.update(apiClients).set({ lastUsedAt: now }).where(eq(apiClients.id, client.id));
  return ok({ accessToken, expiresAt });
}
