import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeEvidence } from "@/lib/server/evidence/store-evidence";
import { BASE_URL, call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// GET /api/v1/artefacts/{key} (issue 16). The real API's GetArtefactsResponse (real-api.md):
//   { artefact_key: string; download_url: string; expires_at: string; expires_in_seconds: number }
const LINK_KEYS = ["artefact_key", "download_url", "expires_at", "expires_in_seconds"];
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

let database: TestDatabase;
let app: TestApi;
let acme: Awaited<ReturnType<typeof seedTeam>>;
let live: string;
let sandbox: string;
let globexLive: string;
let evidenceId: string;

/** The download link's path and query, as the test app is reached without a host. */
const local = (url: string) => {
  expect(url.startsWith(`${BASE_URL}/api/v1/artefacts/`)).toBe(true);
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  acme = await seedTeam(database.db, "Artefacts Acme");
  const globex = await seedTeam(database.db, "Artefacts Globex");
  [live, sandbox, globexLive] = await Promise.all([tokenFor(app, acme.live), tokenFor(app, acme.sandbox), tokenFor(app, globex.live)]);
  evidenceId = await storeEvidence(database.db, {
    tenant: { teamId: acme.team.id, mode: "live" },
    ownerType: "verification",
    ownerId: "case-1",
    role: "document",
    mimeType: "image/jpeg",
    bytes: JPEG,
  });
});
afterAll(async () => database?.dispose());

describe("GET /api/v1/artefacts/{key}", () => {
  it("gives a 5-minute signed link to the team's own evidence, and the link gives the bytes", async () => {
    const before = Date.now();
    const res = await call(app, "GET", `/api/v1/artefacts/${evidenceId}`, { token: live });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body).sort()).toEqual(LINK_KEYS);
    expect(res.body.artefact_key).toBe(evidenceId);
    expect(res.body.expires_in_seconds).toBe(300);
    const expiresAt = Date.parse(res.body.expires_at);
    expect(expiresAt).toBeGreaterThan(before + 298_000);
    expect(expiresAt).toBeLessThan(Date.now() + 301_000);

    const download = await app.request(local(res.body.download_url));
    expect(download.status).toBe(200);
    expect(download.headers.get("content-type")).toBe("image/jpeg");
    expect(download.headers.get("cache-control")).toBe("private, max-age=300");
    expect(Buffer.from(await download.arrayBuffer()).equals(JPEG)).toBe(true);
  });

  it("refuses other teams and modes (404), unknown keys (404) and callers without a token (401)", async () => {
    expect((await call(app, "GET", `/api/v1/artefacts/${evidenceId}`, { token: globexLive })).status).toBe(404);
    expect((await call(app, "GET", `/api/v1/artefacts/${evidenceId}`, { token: sandbox })).status).toBe(404);
    const unknown = await call(app, "GET", "/api/v1/artefacts/evd_nope", { token: live });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ status_code: 404, message: "Artefact evd_nope not found" });
    expect((await call(app, "GET", `/api/v1/artefacts/${evidenceId}`)).status).toBe(401);
    // Canned sandbox keys mean nothing in live.
    expect((await call(app, "GET", `/api/v1/artefacts/${encodeURIComponent("sandbox/passport.jpg")}`, { token: live })).status).toBe(404);
  });

  it("refuses a forged, altered, incomplete or expired link with 403", async () => {
    const res = await call(app, "GET", `/api/v1/artefacts/${evidenceId}`, { token: live });
    const url = new URL(res.body.download_url);
    const signature = url.searchParams.get("signature")!;
    const variants: [string, string][] = [
      ["forged signature", `${url.pathname}?expires=${url.searchParams.get("expires")}&signature=${"A".repeat(signature.length)}`],
      ["later expiry", `${url.pathname}?expires=${Number(url.searchParams.get("expires")) + 3600}&signature=${signature}`],
      ["no signature", `${url.pathname}?expires=${url.searchParams.get("expires")}`],
      ["expired", `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 1}&signature=${signature}`],
      ["another key", `/api/v1/artefacts/evd_other/download${url.search}`],
    ];
    for (const [what, path] of variants) {
      const answer = await call(app, "GET", path);
      expect(answer.status, what).toBe(403);
      expect(answer.body.status_code, what).toBe(403);
    }
    const expired = await call(app, "GET", `${url.pathname}?expires=${Math.floor(Date.now() / 1000) - 1}&signature=${signature}`);
    expect(expired.body.message).toBe("This download link has expired: ask the API for a new one");
  });

  it("answers the canned sandbox records' keys with sample files", async () => {
    const files: [string, string, number[]][] = [
      ["sandbox/passport.jpg", "image/jpeg", [0xff, 0xd8, 0xff]],
      ["sandbox/selfie.jpg", "image/jpeg", [0xff, 0xd8, 0xff]],
      ["sandbox/bank_statement.pdf", "application/pdf", [0x25, 0x50, 0x44, 0x46]],
      ["sandbox/energy_bill.pdf", "application/pdf", [0x25, 0x50, 0x44, 0x46]],
    ];
    for (const [key, type, magic] of files) {
      const res = await call(app, "GET", `/api/v1/artefacts/${encodeURIComponent(key)}`, { token: sandbox });
      expect(res.status, key).toBe(200);
      expect(res.body.artefact_key).toBe(key);
      const download = await app.request(local(res.body.download_url));
      expect(download.status, key).toBe(200);
      expect(download.headers.get("content-type")).toBe(type);
      const bytes = Buffer.from(await download.arrayBuffer());
      expect([...bytes.subarray(0, magic.length)]).toEqual(magic);
    }
    // The canned records name exactly these keys.
    const record = await call(app, "GET", "/api/v2/verifications/333", { token: sandbox });
    const keys = (record.body.checks as { artefacts?: { key: string }[] }[]).flatMap((c) => c.artefacts ?? []).map((a) => a.key);
    expect(keys.length).toBeGreaterThan(0);
    for (const key of keys) expect(files.map((f) => f[0])).toContain(key);
  });
});
