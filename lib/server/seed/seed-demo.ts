import fs from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { createApiClient } from "../auth/create-api-client";
import { importAddresses } from "../lookup/import-addresses";
import { ensureSampleAmlLists } from "../aml/ensure-sample-aml-lists";
import { ensureSampleResidency } from "../enrichments/credit-bureau/ensure-sample-residency";
import { ensureSampleEvisaRecords } from "../evisa/ensure-sample-evisa-records";
import { ensureSampleAdverseMedia } from "../adverse-media/corpus-store";
import { webhookEndpoints } from "@/lib/db/schema";
import { randomToken } from "../shared/crypto";
import { newSigningSecret } from "../webhooks/sign";
import { addStaffMember } from "../teams/add-staff-member";
import { createTeam } from "../teams/create-team";

export interface DemoCredentials {
  staff: { email: string; password: string };
  live: { client_id: string; client_secret: string };
  sandbox: { client_id: string; client_secret: string };
}

const SYSTEM = { type: "system" as const, id: "demo-seed" };
/** The bundled address sample, served by the Demo team's live postcode lookup. */
export const SAMPLE_ADDRESSES = path.join(process.cwd(), "datasets", "addresses-sample.csv");

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!result.ok) throw new Error(`Demo seed failed: ${result.error.message}`);
  return result.value;
}

/**
 * On a fresh database (no team yet): a team "Demo", its owner, live and sandbox credentials and
 * the sample address dataset,
 * written to `<dataDir>/demo-credentials.json` (secrets are stored hashed, so that file is the
 * only place they can be read again). Returns null when the database already has teams.
 */
export async function seedDemo(
  db: Db,
  options: { credentialsFile: string; staffEmail?: string; webhookUrl?: string },
): Promise<DemoCredentials | null> {
  const existing = await db.query.teams.findFirst();
  if (existing) return null;
  const team = unwrap(await createTeam(db, { name: "Demo", actor: SYSTEM }));
  const staff = { email: options.staffEmail ?? "owner@demo.test", password: `demo-${randomToken(9)}` };
  unwrap(
    await addStaffMember(db, {
      teamId: team.id,
      email: staff.email,
      password: staff.password,
      name: "Demo Owner",
      role: "owner",
      actor: SYSTEM,
    }),
  );
  const live = unwrap(await createApiClient(db, { teamId: team.id, mode: "live" }, { name: "Demo live key", actor: SYSTEM }));
  const sandbox = unwrap(await createApiClient(db, { teamId: team.id, mode: "sandbox" }, { name: "Demo sandbox key", actor: SYSTEM }));
  const sample = await importAddresses(db, { teamId: team.id, mode: "live" }, { file: SAMPLE_ADDRESSES, actor: SYSTEM });
  if (sample.rejected.length) throw new Error(`Demo seed failed: sample addresses rejected: ${JSON.stringify(sample.rejected)}`);
  await ensureSampleResidency(db); // people at those addresses, for the live credit bureau
  await ensureSampleAmlLists(db); // samples of the OFAC, UN and OpenSanctions lists, for live AML
  await ensureSampleEvisaRecords(db); // fictional share codes, for the live eVisa check
  await ensureSampleAdverseMedia(db); // fictional news articles, for the live adverse-media check
  const credentials: DemoCredentials = {
    staff,
    live: { client_id: live.clientId, client_secret: live.clientSecret },
    sandbox: { client_id: sandbox.clientId, client_secret: sandbox.clientSecret },
  };
  fs.mkdirSync(path.dirname(options.credentialsFile), { recursive: true });
  fs.writeFileSync(options.credentialsFile, JSON.stringify(credentials, null, 2) + "\n", { mode: 0o600 });
  if (options.webhookUrl) {
    // The bundled onboarding app receives the Demo team's webhooks; it reads the signing
    // secrets from this file unless ONBOARDING_WEBHOOK_SECRET says otherwise.
    const endpoints: Record<string, { url: string; secret: string }> = {};
    for (const mode of ["sandbox", "live"] as const) {
      const secret = newSigningSecret();
      await db.insert(webhookEndpoints).values({ teamId: team.id, mode, url: options.webhookUrl, secret });
      endpoints[mode] = { url: options.webhookUrl, secret };
    }
    fs.writeFileSync(demoWebhookPath(options.credentialsFile), JSON.stringify(endpoints, null, 2) + "\n", { mode: 0o600 });
  }
  return credentials;
}

/** `demo-webhook.json` beside the credentials file: the Demo team's endpoint URL and secret per mode. */
export function demoWebhookPath(credentialsFile: string): string {
  return path.join(path.dirname(credentialsFile), "demo-webhook.json");
}

export function readDemoCredentials(file: string): DemoCredentials | null {
  try {
    return JSON.parse(fs.readFileSync(file, "utf8")) as DemoCredentials;
  } catch {
    return null;
  }
}
