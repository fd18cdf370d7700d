import sharp from "sharp";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { monitoredAccounts, webhookAttempts, webhookMessages } from "@/lib/db/schema";
import { runCli } from "@/lib/server/cli/run-cli";
import { call, createTestApi, seedTeam, tokenFor, type CallOptions, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { createDocumentChecker } from "../support/openapi-check";

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(64).fill(0)]);

function riskForm(email: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ first_name: "Jane", last_name: "Doe", email, date_of_birth: "1990-01-31", ...extra }))
    form.set(k, v);
  return form;
}

describeEngines("every response matches the OpenAPI document, on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let live: string;
  let sandbox: string;
  let receiver: http.Server;
  let receiverUrl: string;
  let teamId: string;
  const checker = createDocumentChecker();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db, { webhookAllowLoopback: true });
    const acme = await seedTeam(database.db);
    teamId = acme.team.id;
    live = await tokenFor(app, acme.live);
    sandbox = await tokenFor(app, acme.sandbox);
    await database.db
      .insert(monitoredAccounts)
      .values({ id: "sl_doc_1", teamId: acme.team.id, mode: "live", firstName: "Doc", lastName: "Check", status: "Clear" });
    receiver = http.createServer((req, res) => {
      req.resume();
      req.on("end", () => res.writeHead(req.url === "/fail" ? 500 : 204).end(req.url === "/fail" ? "nope" : undefined));
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => receiver.close(resolve));
    await database.dispose();
  });

  async function checked(method: string, path: string, options: CallOptions = {}) {
    const res = await call(app, method, path, options);
    checker.check(method, path, res.status, res.body);
    return res;
  }

  it("exercises every documented operation with success and error answers", async () => {
    await checked("GET", "/api/v1/health");
    for (const version of ["v1", "v2"]) {
      const creds = await seedTeam(database.db, `Doc ${version}`);
      await checked("POST", `/api/${version}/authenticate`, {
        json: { client_id: creds.live.clientId, client_secret: creds.live.clientSecret },
      });
      await checked("POST", `/api/${version}/authenticate`, { json: { client_id: "x", client_secret: "y" } });
      await checked("POST", `/api/${version}/authenticate`, { json: {} });
      const created = await checked("POST", `/api/${version}/verifications`, {
        token: live,
        json: { email: "doc@example.com", workflow_id: "sandbox-flow" },
      });
      expect(created.status).toBe(201);
      await checked("POST", `/api/${version}/verifications`, { token: live, json: { email: "nope" } });
      await checked("POST", `/api/${version}/verifications`, { json: {} });
      await checked("GET", `/api/${version}/verifications/${created.body.id}`, { token: live });
      await checked("GET", `/api/${version}/verifications/333`, { token: sandbox });
      await checked("GET", `/api/${version}/verifications/missing`, { token: live });
      await checked("GET", `/api/${version}/verifications/missing`);
    }
    await checked("GET", "/api/v1/verifications?limit=1", { token: live });
    await checked("GET", "/api/v1/verifications?status=Nope", { token: live });
    await checked("GET", "/api/v1/verifications");

    await checked("GET", "/api/v1/smart-lookups/postcode?postcode=NW1%206XE", { token: sandbox });
    await checked("GET", "/api/v1/smart-lookups/postcode?postcode=XX1%201XX", { token: sandbox });
    await checked("GET", "/api/v1/smart-lookups/postcode?postcode=NW1%206XE");

    await checked("GET", "/api/v1/alerts/accounts", { token: sandbox });
    await checked("GET", "/api/v1/alerts/accounts", { token: live });
    await checked("GET", "/api/v1/alerts/accounts?status=Bad", { token: live });
    await checked("GET", "/api/v1/alerts/accounts");
    await checked("GET", "/api/v1/alerts/accounts/sl_sandbox_001", { token: sandbox });
    await checked("GET", "/api/v1/alerts/accounts/sl_doc_1", { token: live });
    await checked("GET", "/api/v1/alerts/accounts/nope", { token: live });
    await checked("GET", "/api/v1/alerts/accounts/nope");
    await checked("PATCH", "/api/v1/alerts/accounts/sl_doc_1", { token: live, json: { alerts_enabled: true } });
    await checked("PATCH", "/api/v1/alerts/accounts/sl_doc_1", { token: live, json: { alerts_enabled: 1 } });
    await checked("PATCH", "/api/v1/alerts/accounts/nope", { token: live, json: { alerts_enabled: true } });
    await checked("PATCH", "/api/v1/alerts/accounts/nope", { json: { alerts_enabled: true } });
    await checked("POST", "/api/v1/alerts/accounts/sl_doc_1/acknowledge", { token: live });
    await checked("POST", "/api/v1/alerts/accounts/nope/acknowledge", { token: live });
    await checked("POST", "/api/v1/alerts/accounts/nope/acknowledge");

    await checked("POST", "/api/v2/risk", {
      token: sandbox,
      body: riskForm("a+review@example.com", { enrichments: '["AML","ONLINE_FOOTPRINT"]' }),
    });
    await checked("POST", "/api/v2/risk?report=radar", { token: sandbox, body: riskForm("a@example.com") });
    await checked("POST", "/api/v2/risk", { token: sandbox, body: riskForm("a@example.com", { date_of_birth: "31/01/1990" }) });
    await checked("POST", "/api/v2/risk", { token: live, body: riskForm("a@example.com") });
    await checked("POST", "/api/v2/risk", { body: riskForm("a@example.com") });
    const big = riskForm("a@example.com");
    big.set("face_scan", new Blob([new Uint8Array(10 * 1024 * 1024 + 1)], { type: "image/jpeg" }), "big.jpg");
    await checked("POST", "/api/v2/risk", { token: sandbox, body: big });
    const gif = riskForm("a@example.com");
    gif.set("face_scan", new Blob([new TextEncoder().encode("GIF89a....")], { type: "image/jpeg" }), "face.jpg");
    await checked("POST", "/api/v2/risk", { token: sandbox, body: gif });
    const face = riskForm("a@example.com");
    face.set("face_scan", new Blob([JPEG], { type: "image/jpeg" }), "face.jpg");
    await checked("POST", "/api/v2/risk", { token: sandbox, body: face });

    await checked("POST", "/api/v1/verifications/333/webhooks", {
      token: sandbox,
      json: { webhook_url: `${receiverUrl}/ok`, event: "Verified" },
    });
    await checked("POST", "/api/v1/verifications/333/webhooks", {
      token: sandbox,
      json: { webhook_url: `${receiverUrl}/fail`, event: "Created" },
    });
    await checked("POST", "/api/v1/verifications/333/webhooks", {
      token: sandbox,
      json: { webhook_url: `${receiverUrl}/ok`, event: "Refused" },
    });
    await checked("POST", "/api/v1/verifications/333/webhooks", {
      token: live,
      json: { webhook_url: `${receiverUrl}/ok`, event: "Verified" },
    });
    await checked("POST", "/api/v1/verifications/nope/webhooks", {
      token: sandbox,
      json: { webhook_url: `${receiverUrl}/ok`, event: "Verified" },
    });
    await checked("POST", "/api/v1/verifications/333/webhooks", { json: { webhook_url: `${receiverUrl}/ok`, event: "Verified" } });
    await checked("POST", "/api/v1/alerts/accounts/sl_sandbox_001/webhooks", {
      token: sandbox,
      json: { webhook_url: `${receiverUrl}/ok` },
    });
    await checked("POST", "/api/v1/alerts/accounts/sl_sandbox_001/webhooks", { token: sandbox, json: {} });
    await checked("POST", "/api/v1/alerts/accounts/sl_sandbox_001/webhooks", { token: live, json: { webhook_url: `${receiverUrl}/ok` } });
    await checked("POST", "/api/v1/alerts/accounts/nope/webhooks", { token: sandbox, json: { webhook_url: `${receiverUrl}/ok` } });
    await checked("POST", "/api/v1/alerts/accounts/nope/webhooks", { json: { webhook_url: `${receiverUrl}/ok` } });

    // The webhook outbox (no worker runs here, so a replayed message stays pending).
    const failedAt = new Date("2026-03-01T10:00:00Z");
    await database.db.insert(webhookMessages).values([
      {
        id: "msg_doc_1",
        teamId,
        mode: "live",
        event: "Verified",
        payload: { event: "Verified", id: "x" },
        status: "failed",
        attemptCount: 1,
        createdAt: failedAt,
      },
      {
        id: "msg_doc_2",
        teamId,
        mode: "live",
        event: "Created",
        payload: { event: "Created", id: "y" },
        status: "delivering",
        createdAt: failedAt,
      },
    ]);
    await database.db.insert(webhookAttempts).values({
      id: "wha_doc_1",
      messageId: "msg_doc_1",
      teamId,
      mode: "live",
      attempt: 1,
      url: `${receiverUrl}/fail`,
      statusCode: 500,
      responseBody: "nope",
      durationMs: 3,
      error: "Receiver answered HTTP 500",
      startedAt: failedAt,
    });
    await checked("GET", "/api/v1/webhooks/messages?limit=1", { token: live });
    await checked("GET", "/api/v1/webhooks/messages?status=nope", { token: live });
    await checked("GET", "/api/v1/webhooks/messages");
    await checked("GET", "/api/v1/webhooks/messages/msg_doc_1", { token: live });
    await checked("GET", "/api/v1/webhooks/messages/msg_doc_1", { token: sandbox });
    await checked("GET", "/api/v1/webhooks/messages/msg_doc_1");
    await checked("POST", "/api/v1/webhooks/replay", { token: live, json: { from: "2026-03-01T00:00:00Z", to: "2026-03-02T00:00:00Z" } });
    await checked("POST", "/api/v1/webhooks/replay", { token: live, json: { from: "2026-03-02T00:00:00Z", to: "2026-03-01T00:00:00Z" } });
    await checked("POST", "/api/v1/webhooks/replay", { json: {} });
    await checked("POST", "/api/v1/webhooks/messages/msg_doc_1/replay", { token: live });
    await checked("POST", "/api/v1/webhooks/messages/msg_doc_2/replay", { token: live });
    await checked("POST", "/api/v1/webhooks/messages/msg_doc_1/replay", { token: sandbox });
    await checked("POST", "/api/v1/webhooks/messages/msg_doc_1/replay");

    // Coverage and the direct document endpoints (sandbox answers; input refused before any reading).
    const page = new Uint8Array(
      await sharp({ create: { width: 400, height: 300, channels: 3, background: "#eee" } })
        .jpeg()
        .toBuffer(),
    );
    await checked("GET", "/api/v1/coverage", { token: live });
    await checked("GET", "/api/v1/coverage");
    const photo = () => {
      const form = new FormData();
      form.set("sub_type", "Passport");
      form.set("front", new Blob([page], { type: "image/jpeg" }), "front.jpg");
      return form;
    };
    await checked("POST", "/api/v1/verify/photo-id", { token: sandbox, body: photo() });
    const passCard = photo();
    passCard.set("sub_type", "PassCard");
    await checked("POST", "/api/v1/verify/photo-id", { token: sandbox, body: passCard });
    const gifFront = photo();
    gifFront.set("front", new Blob([new TextEncoder().encode("GIF89a....")]), "front.gif");
    await checked("POST", "/api/v1/verify/photo-id", { token: live, body: gifFront });
    const huge = photo();
    huge.set("front", new Blob([new Uint8Array(32 * 1024 * 1024)]), "front.jpg");
    await checked("POST", "/api/v1/verify/photo-id", { token: live, body: huge });
    await checked("POST", "/api/v1/verify/photo-id", { token: live, body: new FormData() });
    await checked("POST", "/api/v1/verify/photo-id", { body: photo() });
    const bill = () => {
      const form = new FormData();
      form.set("sub_type", "utility_bill");
      form.set("document", new Blob([page], { type: "image/jpeg" }), "bill.jpg");
      return form;
    };
    await checked("POST", "/api/v1/verify/supporting-documents", { token: sandbox, body: bill() });
    const badBill = bill();
    badBill.set("document", new Blob([new TextEncoder().encode("GIF89a....")]), "bill.gif");
    await checked("POST", "/api/v1/verify/supporting-documents", { token: live, body: badBill });
    const hugeBill = bill();
    hugeBill.set("document", new Blob([new Uint8Array(12 * 1024 * 1024)]), "bill.pdf");
    await checked("POST", "/api/v1/verify/supporting-documents", { token: live, body: hugeBill });
    await checked("POST", "/api/v1/verify/supporting-documents", { body: bill() });

    // Flows, artefacts and the team (issue 16).
    await checked("GET", "/api/v1/flows", { token: live });
    await checked("GET", "/api/v1/flows");
    await checked("GET", "/api/v1/flows/sandbox-flow", { token: sandbox });
    await checked("GET", "/api/v1/flows/nope", { token: live });
    await checked("GET", `/api/v1/flows/${"x".repeat(101)}`, { token: live });
    await checked("GET", "/api/v1/flows/sandbox-flow");
    const link = await checked("GET", `/api/v1/artefacts/${encodeURIComponent("sandbox/passport.jpg")}`, { token: sandbox });
    await checked("GET", "/api/v1/artefacts/nope", { token: live });
    await checked("GET", `/api/v1/artefacts/${"x".repeat(201)}`, { token: live });
    await checked("GET", "/api/v1/artefacts/nope");
    const download = new URL(link.body.download_url);
    await checked("GET", `${download.pathname}${download.search}`);
    await checked("GET", `${download.pathname}?expires=1&signature=x`);
    await checked("GET", `${download.pathname}?expires=${"9".repeat(21)}`);
    await checked("GET", "/api/v1/team", { token: live });
    await checked("GET", "/api/v1/team");
    const child = { name: "Child Ltd", team_admin_emails: ["admin@child.example"], flow_template: "RIGHT_TO_WORK" };
    await checked("POST", "/api/v1/team", { token: live, json: child });
    expect((await runCli(database.db, ["set-partner", "--team", teamId])).exitCode).toBe(0);
    await checked("POST", "/api/v1/team", { token: live, json: child });
    await checked("POST", "/api/v1/team", { token: live, json: { ...child, team_admin_emails: [] } });
    await checked("POST", "/api/v1/team", { json: child });

    const lookup = {
      first_name: "Dan",
      last_name: "Webb",
      checks: ["AML", "OnlineFootprint"],
      email: "dan+review@example.com",
      date_of_birth: "1990-01-31",
    };
    await checked("POST", "/api/v1/smart-lookups", { token: sandbox, json: lookup });
    await checked("POST", "/api/v1/smart-lookups", { token: live, json: { ...lookup, checks: ["AML"] } });
    await checked("POST", "/api/v1/smart-lookups", { token: live, json: { ...lookup, checks: [] } });
    await checked("POST", "/api/v1/smart-lookups", { json: lookup });

    const evisa = { sub_type: "RightToWork", payload: { company_name: "Acme", date_of_birth: "1990-05-17", share_code: "PASS12345" } };
    await checked("POST", "/api/v1/verify/evisa", { token: sandbox, json: evisa });
    await checked("POST", "/api/v1/verify/evisa", {
      token: sandbox,
      json: { ...evisa, payload: { ...evisa.payload, share_code: "BADCODE12" } },
    });
    await checked("POST", "/api/v1/verify/evisa", {
      token: sandbox,
      json: { ...evisa, payload: { ...evisa.payload, share_code: "ERROR1234" } },
    });
    await checked("POST", "/api/v1/verify/evisa", { token: live, json: evisa });
    await checked("POST", "/api/v1/verify/evisa", { token: live, json: { sub_type: "Nope" } });
    await checked("POST", "/api/v1/verify/evisa", { json: evisa });

    await checked("POST", "/api/v1/adverse-media", { token: sandbox, json: { first_name: "Tomasz", last_name: "Nowak" } });
    await checked("POST", "/api/v1/adverse-media", { token: live, json: { first_name: "Tomasz", last_name: "Nowak" } });
    await checked("POST", "/api/v1/adverse-media", { token: live, json: { first_name: "Tomasz" } });
    await checked("POST", "/api/v1/adverse-media", { json: { first_name: "Tomasz", last_name: "Nowak" } });

    // The document has no operation that was not exercised above (the OpenAPI doc itself aside).
    expect(checker.uncovered()).toEqual([]);
  });
});
