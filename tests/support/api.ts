import type { Db } from "@/lib/db";
import { createApiClient } from "@/lib/server/auth/create-api-client";
import { createApiApp } from "@/lib/server/http/app";
import { createTeam } from "@/lib/server/teams/create-team";

export const BASE_URL = "http://idv.test";

export function createTestApi(db: Db, overrides: { tokenTtlSeconds?: number; webhookAllowLoopback?: boolean } = {}) {
  return createApiApp({
    db: async () => db,
    publicBaseUrl: BASE_URL,
    tokenTtlSeconds: overrides.tokenTtlSeconds ?? 86_400,
    version: "test",
    webhookAllowLoopback: overrides.webhookAllowLoopback ?? true,
  });
}
export type TestApi = ReturnType<typeof createTestApi>;

function must<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

/** A team with one live and one sandbox credential. */
export async function seedTeam(db: Db, name = "Acme", options: { defaultRedirectUrl?: string } = {}) {
  const actor = { type: "system" as const };
  const team = must(await createTeam(db, { name, defaultRedirectUrl: options.defaultRedirectUrl, actor }));
  const live = must(await createApiClient(db, { teamId: team.id, mode: "live" }, { actor }));
  const sandbox = must(await createApiClient(db, { teamId: team.id, mode: "sandbox" }, { actor }));
  return { team, live, sandbox };
}

export interface CallOptions {
  token?: string;
  json?: unknown;
  body?: BodyInit;
  headers?: Record<string, string>;
}

/** One request through the real API app; returns status, parsed body and headers. */
export async function call(app: TestApi, method: string, path: string, options: CallOptions = {}) {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body = options.body;
  if (options.json !== undefined) {
    headers["content-type"] ??= "application/json";
    body = JSON.stringify(options.json);
  }
  const response = await app.request(path, { method, headers, body });
  const text = await response.text();
  let data: unknown = text;
  try {
    data = JSON.parse(text);
  } catch {
    /* not JSON */
  }
  return { status: response.status, body: data as Record<string, any>, headers: response.headers };
}

export async function tokenFor(app: TestApi, credentials: { clientId: string; clientSecret: string }): Promise<string> {
  const res = await call(app, "POST", "/api/v2/authenticate", {
    json: { client_id: credentials.clientId, client_secret: credentials.clientSecret },
  });
  if (res.status !== 201) throw new Error(`authenticate failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.access_token as string;
}
