import { expect, test, type APIRequestContext } from "@playwright/test";
import { startReceiver, type LocalReceiver } from "../../support/local-receiver";
import { demoCredentials } from "../support";

// The whole sandbox contract over real HTTP against the built app (spec 4.9–4.11, 6, 7).

const demo = demoCredentials;

let sandbox: string;
let live: string;
let receiver: LocalReceiver;

async function token(request: APIRequestContext, creds: { client_id: string; client_secret: string }) {
  const res = await request.post("/api/v2/authenticate", { data: creds });
  expect(res.status()).toBe(201);
  return (await res.json()).access_token as string;
}
const auth = (t: string) => ({ authorization: `Bearer ${t}` });

test.beforeAll(async ({ request }) => {
  sandbox = await token(request, demo().sandbox);
  live = await token(request, demo().live);
  receiver = await startReceiver();
});
test.afterAll(async () => receiver.close());

test("authentication: v1 and v2, bad credentials 401, missing token 401", async ({ request }) => {
  expect((await request.post("/api/v1/authenticate", { data: demo().sandbox })).status()).toBe(201);
  const bad = await request.post("/api/v2/authenticate", { data: { client_id: demo().sandbox.client_id, client_secret: "sandbox-wrong" } });
  expect(bad.status()).toBe(401);
  expect(await bad.json()).toMatchObject({ status_code: 401 });
  expect((await request.get("/api/v2/verifications/333")).status()).toBe(401);
});

test("canned verifications 111–999 (spec 4.10)", async ({ request }) => {
  const expected: Record<string, string> = {
    "111": "InProgress",
    "222": "ReadyForReview",
    "333": "Verified",
    "444": "Refused",
    "555": "InProgress",
    "666": "Verified",
    "777": "LockedOut",
    "888": "Verified",
    "999": "InProgress",
  };
  for (const [id, status] of Object.entries(expected)) {
    for (const version of ["v1", "v2"]) {
      const res = await request.get(`/api/${version}/verifications/${id}`, { headers: auth(sandbox) });
      expect(res.status()).toBe(200);
      expect(await res.json()).toMatchObject({ id, status });
    }
  }
  expect((await request.get("/api/v2/verifications/333", { headers: auth(live) })).status()).toBe(404);
});

test("create, read and list a sandbox case", async ({ request }) => {
  const created = await request.post("/api/v1/verifications", {
    headers: auth(sandbox),
    data: { email: "e2e@example.com", workflow_id: "sandbox-flow", external_id: "e2e-1" },
  });
  expect(created.status()).toBe(201);
  const body = await created.json();
  expect(body.url).toContain("/verify/");
  const read = await request.get(`/api/v2/verifications/${body.id}`, { headers: auth(sandbox) });
  expect(await read.json()).toMatchObject({ id: body.id, status: "InProgress", external_id: "e2e-1" });
  const list = await (await request.get("/api/v1/verifications?status=InProgress", { headers: auth(sandbox) })).json();
  expect(list.map((v: { id: string }) => v.id)).toContain(body.id);
  const invalid = await request.post("/api/v1/verifications", {
    headers: auth(sandbox),
    data: { email: "e2e@example.com", workflow_id: "nope" },
  });
  expect(invalid.status()).toBe(400);
  expect((await invalid.json()).error_detail).toHaveProperty("workflow_id");
});

test("risk: email rule, enrichment outcomes, radar, validation (spec 4.9)", async ({ request }) => {
  const form = (email: string, extra: Record<string, string> = {}) => ({
    first_name: "Jane",
    last_name: "Doe",
    email,
    date_of_birth: "1990-01-31",
    ...extra,
  });
  const cases = [
    ["jane@example.com", "CLEAR"],
    ["jane+review@example.com", "REVIEW"],
    ["jane+reject@example.com", "REJECT"],
    ["dwebb@email.com", "CLEAR"],
    ["jdoe@email.com", "REVIEW"],
    ["eroberts@email.com", "REJECT"],
  ] as const;
  for (const [email, recommendation] of cases) {
    const res = await request.post("/api/v2/risk", {
      headers: auth(sandbox),
      multipart: form(email, { enrichments: '["ONLINE_FOOTPRINT","AML"]' }),
    });
    expect(res.status(), email).toBe(201);
    const body = await res.json();
    expect(body).toMatchObject({ recommendation, email, first_name: "Jane", billable: false });
    expect(Object.keys(body.enrichment_reports).sort()).toEqual(["aml", "online_footprint"]);
    const states = [body.enrichment_reports.online_footprint.state, body.enrichment_reports.aml.state];
    expect(states).toEqual(
      recommendation === "CLEAR" ? ["PASS", "PASS"] : recommendation === "REVIEW" ? ["PASS", "FAIL"] : ["FAIL", "FAIL"],
    );
    expect(body.alerts_enabled_at).toBeTruthy();
  }
  const radar = await (
    await request.post("/api/v2/risk?report=radar", { headers: auth(sandbox), multipart: form("x+reject@example.com") })
  ).json();
  expect(radar.radar_verification_report.state).toBe("PASS");
  expect(radar.radar_verification_report.checks).toHaveLength(4);
  expect(radar.radar_verification_report.checks.every((c: { state: string }) => c.state === "PASS")).toBe(true);

  const missing = await request.post("/api/v2/risk", { headers: auth(sandbox), multipart: { first_name: "Jane" } });
  expect(missing.status()).toBe(400);
  expect(Object.keys((await missing.json()).error_detail)).toEqual(expect.arrayContaining(["last_name", "email", "date_of_birth"]));
  const noAddress = await request.post("/api/v2/risk", {
    headers: auth(sandbox),
    multipart: form("a@example.com", { enrichments: '["credit_bureau"]' }),
  });
  expect(noAddress.status()).toBe(400);
  const gif = await request.post("/api/v2/risk", {
    headers: auth(sandbox),
    multipart: {
      ...form("a@example.com"),
      face_scan: { name: "face.jpg", mimeType: "image/jpeg", buffer: Buffer.from("GIF89a-not-a-jpeg") },
    },
  });
  expect(gif.status()).toBe(415);
  // Live answers from the real engine: billable, with the score explained.
  const liveRisk = await request.post("/api/v2/risk", { headers: auth(live), multipart: form(`live.${Date.now()}@example.com`) });
  expect(liveRisk.status()).toBe(201);
  expect(await liveRisk.json()).toMatchObject({ billable: true, recommendation: "CLEAR", metadata: { score_factors: expect.any(Array) } });
});

test("postcode lookup: three postcodes, spaces and case ignored, others 400 (spec 4.11)", async ({ request }) => {
  for (const [postcode, count] of [
    ["SW1A 2AA", 1],
    ["nw16xe", 12],
    ["ab11 6bh", 21],
  ] as const) {
    const res = await request.get(`/api/v1/smart-lookups/postcode?postcode=${encodeURIComponent(postcode)}`, { headers: auth(sandbox) });
    expect(res.status()).toBe(200);
    const body = await res.json();
    expect(body.addresses).toHaveLength(count);
    expect(body.addresses_formatted[0]).toMatchObject({ country_code: "GB", country: "United Kingdom" });
  }
  const refused = await request.get("/api/v1/smart-lookups/postcode?postcode=EC1A%201BB", { headers: auth(sandbox) });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toBe("Malformed or non-existent postcode");
  // Live reads the Demo team's seeded sample dataset.
  const liveLookup = await request.get("/api/v1/smart-lookups/postcode?postcode=M1%201AE", { headers: auth(live) });
  expect((await liveLookup.json()).addresses).toHaveLength(10);
});

test("monitored accounts: list, detail, toggle, acknowledge", async ({ request }) => {
  const list = await (await request.get("/api/v1/alerts/accounts", { headers: auth(sandbox) })).json();
  expect(list.accounts.map((a: { id: string; status: string }) => `${a.id}:${a.status}`)).toEqual([
    "sl_sandbox_001:New",
    "sl_sandbox_002:Acknowledged",
  ]);
  const detail = await (await request.get("/api/v1/alerts/accounts/sl_sandbox_002", { headers: auth(sandbox) })).json();
  expect(detail).toMatchObject({ risk_type: "pep", alerts: [expect.objectContaining({ id: expect.any(String) })] });
  expect(
    await (
      await request.patch("/api/v1/alerts/accounts/sl_sandbox_001", { headers: auth(sandbox), data: { alerts_enabled: false } })
    ).json(),
  ).toEqual({ success: true });
  expect(await (await request.post("/api/v1/alerts/accounts/sl_sandbox_001/acknowledge", { headers: auth(sandbox) })).json()).toEqual({
    success: true,
  });
  expect((await request.get("/api/v1/alerts/accounts/sl_sandbox_001", { headers: auth(live) })).status()).toBe(404);
});

test("webhook triggers: table-6 events delivered signed, others refused, live 403 (spec 4.7, 4.8, 6)", async ({ request }) => {
  const ok = await request.post("/api/v1/verifications/444/webhooks", {
    headers: auth(sandbox),
    data: { webhook_url: receiver.url("/hook"), event: "Refused" },
  });
  expect(ok.status()).toBe(200);
  const report = await ok.json();
  expect(report).toMatchObject({
    event: "Refused",
    error: null,
    response: { status_code: 200 },
    payload: { event: "Refused", id: "444", status: "Refused" },
  });
  const received = receiver.to("/hook").at(-1)!;
  expect(JSON.parse(received.body)).toEqual(report.payload);
  // Standard Webhooks headers (the signature itself is verified with the team secret in the integration suite).
  expect(received.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
  expect(received.headers["webhook-id"]).toMatch(/^msg_/);
  expect(Math.abs(Number(received.headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);

  const refused = await request.post("/api/v1/verifications/444/webhooks", {
    headers: auth(sandbox),
    data: { webhook_url: receiver.url("/hook"), event: "Verified" },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toContain("Created, Refused");

  const alert = await (
    await request.post("/api/v1/alerts/accounts/sl_sandbox_001/webhooks", {
      headers: auth(sandbox),
      data: { webhook_url: receiver.url("/alert") },
    })
  ).json();
  expect(alert).toMatchObject({ event: "Alert", error: null, payload: { event: "Alert", smartLookupId: "sl_sandbox_001" } });

  const failing = await (
    await request.post("/api/v1/verifications/333/webhooks", {
      headers: auth(sandbox),
      data: { webhook_url: receiver.url("/fail"), event: "Verified" },
    })
  ).json();
  expect(failing.error).toBeTruthy();
  expect(failing.response.status_code).toBe(500);

  expect(
    (
      await request.post("/api/v1/verifications/333/webhooks", {
        headers: auth(live),
        data: { webhook_url: receiver.url("/hook"), event: "Verified" },
      })
    ).status(),
  ).toBe(403);
});

test("the OpenAPI document lists every endpoint the contract names", async ({ request }) => {
  const doc = await (await request.get("/api/openapi.json")).json();
  for (const p of [
    "/api/v2/authenticate",
    "/api/v1/verifications",
    "/api/v2/verifications/{id}",
    "/api/v2/risk",
    "/api/v1/smart-lookups/postcode",
    "/api/v1/alerts/accounts",
    "/api/v1/alerts/accounts/{id}",
    "/api/v1/verifications/{id}/webhooks",
    "/api/v1/alerts/accounts/{id}/webhooks",
  ]) {
    expect(doc.paths).toHaveProperty([p]);
  }
});
