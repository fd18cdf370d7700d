// The isolation matrix (issue 15; CONVENTIONS: another team's or mode's resource is 404, never
// 403). Two teams × two modes, each holding data. Every API operation that takes an id is taken
// from the served OpenAPI document, so a new route is covered (or fails here until its ids are
// known); each team and mode tries the others' ids and must get exactly the answer a never-existing
// id gets, a 404 wherever the id decides, and never their data. Lists return only one's own.
// The console's pages and actions that take an id are checked through the domain functions they
// call, the same way.
import dns from "node:dns";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db } from "@/lib/db";
import { accountAlerts, apiClients, auditLog, memberships, monitoredAccounts, verifications, webhookMessages } from "@/lib/db/schema";
import { getAccount } from "@/lib/server/accounts/get-account";
import { listBlocklistEntries } from "@/lib/server/blocklist/list-blocklist-entries";
import { removeBlocklistEntry } from "@/lib/server/blocklist/remove-blocklist-entry";
import { acknowledgeAlerts } from "@/lib/server/console/acknowledge-alerts";
import { changeMemberRole } from "@/lib/server/console/change-member-role";
import { getCaseDetail } from "@/lib/server/console/get-case-detail";
import { getOverviewStats } from "@/lib/server/console/get-overview-stats";
import { getRiskAssessment } from "@/lib/server/console/get-risk-assessment";
import { listAuditEntries } from "@/lib/server/console/list-audit-entries";
import { listConsoleAccounts } from "@/lib/server/console/list-console-accounts";
import { listMembers } from "@/lib/server/console/list-members";
import { listRiskAssessments } from "@/lib/server/console/list-risk-assessments";
import { listWebhookDeliveries } from "@/lib/server/console/list-webhook-deliveries";
import { removeMember } from "@/lib/server/console/remove-member";
import { replayCaseDelivery } from "@/lib/server/console/replay-case-delivery";
import { restartCase } from "@/lib/server/console/restart-case";
import { reviewCase } from "@/lib/server/console/review-case";
import { revokeCredential } from "@/lib/server/console/revoke-credential";
import { searchCases } from "@/lib/server/console/search-cases";
import { setAccountAlerts } from "@/lib/server/console/set-account-alerts";
import { switchCaseWorkflow } from "@/lib/server/console/switch-case-workflow";
import { getEvidenceFile } from "@/lib/server/evidence/get-evidence-file";
import { listEvidence } from "@/lib/server/evidence/list-evidence";
import { fileFraudReport } from "@/lib/server/fraud-reports/file-fraud-report";
import { listHostedAttempts } from "@/lib/server/hosted/list-hosted-attempts";
import { createApiApp, buildOpenApiDocument } from "@/lib/server/http/app";
import { getOutboundEmail } from "@/lib/server/mail/get-outbound-email";
import { listOutboundEmails } from "@/lib/server/mail/list-outbound-emails";
import { listApiClients } from "@/lib/server/auth/list-api-clients";
import { findWorkflow, listWorkflows } from "@/lib/server/verifications/workflows";
import { listCaseVouches } from "@/lib/server/vouch/list-case-vouches";
import { BASE_URL, call } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";
import { fillPath, operationsOf, resolver, type OpenApiDocument, type Operation } from "../support/fuzz/operations";
import { Prng } from "../support/fuzz/prng";
import { validValue } from "../support/fuzz/values";
import { startReceiver, type LocalReceiver } from "../support/local-receiver";
import {
  MODES,
  seedConsoleData,
  seedTeamWithData,
  type ConsoleTeamData,
  type Mode,
  type ModeData,
  type SeededTeam,
} from "../support/tenant-data";

const NETWORK_KEY = "isolation-matrix-network-key-0123456789";
const HIGH_LIMITS = {
  api: { limit: 10_000_000, windowSeconds: 60 },
  uploads: null,
  failures: { perAccount: 1000, perIp: 1000, maxDelaySeconds: 1 },
};
const UNKNOWN_ID = "zz-never-existed-0001";

// The document the API serves (checked against the served one below), read when the tests are
// collected so each operation is its own test.
const DOC = buildOpenApiDocument(BASE_URL) as unknown as OpenApiDocument;
const OPERATIONS = operationsOf(DOC);
const WITH_IDS = OPERATIONS.filter((op) => op.pathParams.length > 0);
const LISTS = OPERATIONS.filter((op) => op.method === "GET" && op.pathParams.length === 0 && op.secured);

type ApiKind = "verification" | "account" | "message" | "workflow" | "evidence";

/** The resource an id of this path names, by the path segment before `{id}`. */
function kindOf(template: string): ApiKind {
  const segment = /\/([^/{}]+)\/\{[^}]+\}/.exec(template)?.[1];
  const kinds: Record<string, ApiKind> = {
    verifications: "verification",
    accounts: "account",
    messages: "message",
    flows: "workflow",
    artefacts: "evidence",
  };
  const kind = segment && kinds[segment];
  if (!kind) throw new Error(`isolation matrix: no ids known for ${template}; add its resource to kindOf()`);
  return kind;
}

/** The signed download of an artefact: no token, its link's signature decides (403 for any other). */
const isDownload = (template: string) => template.endsWith("/download");

function idsOf(party: { team: SeededTeam; console: ConsoleTeamData; mode: Mode }, kind: ApiKind): string[] {
  const data: ModeData = party.team.modes[party.mode];
  const consoleData = party.console.modes[party.mode];
  return {
    verification: data.verificationIds,
    account: data.accountIds,
    message: data.messageIds,
    workflow: [consoleData.workflowId],
    evidence: consoleData.evidenceIds,
  }[kind];
}

interface Party {
  team: SeededTeam;
  console: ConsoleTeamData;
  mode: Mode;
}

const label = (p: Party) => `${p.team.name}/${p.mode}`;

describeEngines("isolation matrix on %s", (engine) => {
  let database: TestDatabase;
  let db: Db;
  let receiver: LocalReceiver;
  let app: ReturnType<typeof createApiApp>;
  let parties: Party[];
  // Foreign-id probes made, reported at the end: the matrix's size.
  const probes = { api: 0, console: 0 };

  beforeAll(async () => {
    vi.spyOn(dns.promises, "lookup").mockImplementation((async () => [{ address: "127.0.0.1", family: 4 }]) as never);
    database = await createTestDatabase(engine);
    db = database.db;
    receiver = await startReceiver();
    app = createApiApp({
      db: async () => db,
      publicBaseUrl: BASE_URL,
      tokenTtlSeconds: 86_400,
      version: "test",
      webhookAllowLoopback: true,
      rateLimits: HIGH_LIMITS,
    });
    parties = [];
    for (const name of ["Acme", "Globex"]) {
      const team = await seedTeamWithData(db, app, name, receiver.url("/seeded"));
      const consoleData = await seedConsoleData(db, team, NETWORK_KEY);
      for (const mode of MODES) parties.push({ team, console: consoleData, mode });
    }
  }, 180_000);
  afterAll(async () => {
    console.log(`[isolation ${engine}] ${probes.api} API and ${probes.console} console probes with another team's or mode's id`);
    vi.restoreAllMocks();
    await receiver?.close();
    await database?.dispose();
  });

  /** Every (acting party, other party) pair: 4 × 3. */
  const pairs = () => parties.flatMap((self) => parties.filter((other) => other !== self).map((other) => ({ self, other })));

  /** Strings only `other` holds: its ids, and the markers its names and emails carry. */
  function foreignMarkers(self: Party, other: Party): string[] {
    const data = other.team.modes[other.mode];
    const consoleData = other.console.modes[other.mode];
    const markers = [
      ...data.verificationIds,
      ...data.riskAssessmentIds,
      ...data.accountIds,
      ...data.alertIds,
      ...data.messageIds,
      ...consoleData.evidenceIds,
      ...consoleData.attemptIds,
      ...consoleData.vouchIds,
      consoleData.workflowId,
      data.clientId,
      `${other.team.name.toLowerCase()}.${other.mode}`,
      `${other.team.name}-${other.mode}`,
      `${other.team.name} ${other.mode}`,
    ];
    if (other.team !== self.team)
      markers.push(
        other.team.name,
        other.team.name.toLowerCase(),
        other.team.teamId,
        ...other.console.emailIds,
        ...other.console.blocklistEntryIds,
      );
    return markers;
  }

  /** `echoed`: the id the caller sent, which an error message may repeat. */
  function expectNoForeignData(raw: string, self: Party, context: string, echoed?: string) {
    const text = echoed ? raw.replaceAll(echoed, "{id}") : raw;
    for (const other of parties.filter((p) => p !== self)) {
      for (const marker of foreignMarkers(self, other)) {
        expect(text.includes(marker), `${context}: ${label(self)} sees "${marker}" of ${label(other)}`).toBe(false);
      }
    }
  }

  it("the document it reads is the one the API serves", async () => {
    const served = await call(app, "GET", "/api/openapi.json");
    expect(Object.keys(served.body.paths)).toEqual(Object.keys(DOC.paths));
    expect(WITH_IDS.length).toBeGreaterThanOrEqual(9);
  });

  describe("API: every operation that takes an id", () => {
    // A valid body, so the id is what decides the answer (sandbox triggers: an event every case sends).
    const resolve = resolver(DOC);
    const bodyFor = (op: Operation) => {
      if (!op.body) return undefined;
      const hints = { webhook_url: () => receiver.url("/isolation"), event: () => "Created" };
      return validValue(new Prng(1), op.body.schema, "body", hints, resolve);
    };
    const send = (op: Operation, token: string, id: string) => {
      const path = fillPath(op.template, Object.fromEntries(op.pathParams.map((p) => [p.name, encodeURIComponent(id)])));
      return call(app, op.method, path, { token, json: bodyFor(op) });
    };
    const shape = (res: Awaited<ReturnType<typeof call>>, id: string) => ({
      status: res.status,
      body: JSON.parse(JSON.stringify(res.body).replaceAll(id, "{id}")),
    });

    it.each(WITH_IDS.map((op) => [`${op.method} ${op.template}`, op] as const))(
      "%s: another team's or mode's id is answered as an unknown id, 404 where the id decides",
      async (_, op) => {
        const kind = kindOf(op.template);
        for (const { self, other } of pairs()) {
          const token = self.team.modes[self.mode].token;
          const unknown = shape(await send(op, token, UNKNOWN_ID), UNKNOWN_ID);
          // 404 unless the operation is refused for the mode whatever the id (a sandbox trigger with a live token: 403).
          expect([404, 403], `${label(self)} unknown id`).toContain(unknown.status);
          if (unknown.status === 403) expect(op.template).toMatch(/\/webhooks$|\/download$/);
          for (const id of idsOf(other, kind)) {
            const res = await send(op, token, id);
            probes.api++;
            expect(shape(res, id), `${label(self)} with ${label(other)}'s ${kind} ${id}`).toEqual(unknown);
            expectNoForeignData(JSON.stringify(res.body), self, `${op.method} ${op.template}`, id);
          }
        }
        // The ids are real: their own team and mode reach them.
        for (const self of parties) {
          const [own] = idsOf(self, kind);
          const token = self.team.modes[self.mode].token;
          if (isDownload(op.template)) {
            // Its own link, made by the API for its own token, opens it; with a foreign token there is no link at all.
            const link = await call(app, "GET", `/api/v1/artefacts/${encodeURIComponent(own!)}`, { token });
            const url = new URL(link.body.download_url);
            expect((await call(app, "GET", `${url.pathname}${url.search}`)).status, `${label(self)} own ${kind}`).toBe(200);
            for (const other of parties.filter((p) => p !== self)) {
              expect(
                (await call(app, "GET", `/api/v1/artefacts/${encodeURIComponent(own!)}`, { token: other.team.modes[other.mode].token }))
                  .status,
              ).toBe(404);
            }
            continue;
          }
          const res = await send(op, token, own!);
          if (!(op.template.endsWith("/webhooks") && self.mode === "live"))
            expect(res.status, `${label(self)} own ${kind}`).toBeLessThan(300);
        }
      },
    );

    it.each(LISTS.map((op) => [`${op.method} ${op.template}`, op] as const))(
      "%s lists only the caller's own team and mode",
      async (_, op) => {
        for (const self of parties) {
          const query = new URLSearchParams();
          for (const param of op.query)
            if (param.required) query.set(param.name, String(validValue(new Prng(1), param.schema, param.name, {}, resolve)));
          const path = query.size ? `${op.template}?${query}` : op.template;
          const res = await call(app, "GET", path, { token: self.team.modes[self.mode].token });
          expect(res.status, `${label(self)} ${path}`).toBeLessThan(500);
          expectNoForeignData(JSON.stringify(res.body), self, `${op.method} ${path}`);
        }
      },
    );

    it("the lists do show each party its own data (the checks above are not vacuous)", async () => {
      for (const self of parties) {
        const data = self.team.modes[self.mode];
        const token = data.token;
        const texts = await Promise.all(LISTS.map(async (op) => JSON.stringify((await call(app, "GET", op.template, { token })).body)));
        const all = texts.join("\n");
        // Sandbox lists the two canned accounts only (spec 4.11), not accounts stored in sandbox.
        const accounts = self.mode === "live" ? data.accountIds : [];
        for (const id of [...data.verificationIds, ...accounts, ...data.messageIds])
          expect(all, `${label(self)} lists ${id}`).toContain(id);
      }
    });

    it("left every other party's data as it was", async () => {
      // Only each sandbox party's own check of each trigger delivered anything.
      const triggers = WITH_IDS.filter((op) => op.template.endsWith("/webhooks")).length;
      expect(receiver.to("/isolation")).toHaveLength(parties.filter((p) => p.mode === "sandbox").length * triggers);
      for (const party of parties) {
        // The second account was only ever named by the other parties.
        const [account] = await db
          .select()
          .from(monitoredAccounts)
          .where(eq(monitoredAccounts.id, party.team.modes[party.mode].accountIds[1]!));
        expect(account).toMatchObject({ status: "New" });
        expect(account!.alertsEnabledAt).not.toBeNull();
      }
    });
  });

  describe("console: the domain functions behind pages and actions that take an id", () => {
    type Outcome = { ok: boolean; kind?: string; value?: unknown };
    const outcome = (result: unknown): Outcome => {
      if (Array.isArray(result)) return { ok: true, value: result.length === 0 ? [] : "data" };
      if (result === undefined) return { ok: true, value: undefined };
      const r = result as { ok: boolean; error?: { kind: string } };
      return r.ok ? { ok: true, value: "data" } : { ok: false, kind: r.error!.kind };
    };

    // Per mode: the resource's ids of a party, and what the page or action calls with one.
    // `empty`: a list or lookup that answers nothing rather than a failure; `kind`: the failure an
    // unknown id gets when it is not "not_found" (a workflow id names input, not a resource).
    const perMode: {
      name: string;
      ids: (p: Party) => string[];
      run: (self: Party, id: string) => Promise<unknown>;
      empty?: boolean;
      kind?: string;
    }[] = [
      {
        name: "cases/[id] page: getCaseDetail",
        ids: (p) => p.team.modes[p.mode].verificationIds,
        run: (s, id) => getCaseDetail(db, tenant(s), id),
      },
      {
        name: "cases/[id] page: listEvidence",
        ids: (p) => p.team.modes[p.mode].verificationIds,
        run: (s, id) => listEvidence(db, tenant(s), "verification", id),
        empty: true,
      },
      {
        name: "cases/[id] page: listHostedAttempts",
        ids: (p) => p.team.modes[p.mode].verificationIds,
        run: (s, id) => listHostedAttempts(db, tenant(s), id),
        empty: true,
      },
      {
        name: "cases/[id] page: listCaseVouches",
        ids: (p) => p.team.modes[p.mode].verificationIds,
        run: (s, id) => listCaseVouches(db, tenant(s), id),
        empty: true,
      },
      {
        name: "cases/[id] page: findWorkflow",
        ids: (p) => [p.console.modes[p.mode].workflowId],
        run: (s, id) => findWorkflow(db, tenant(s), id),
        empty: true,
      },
      {
        name: "cases/[id] review action and console API: reviewCase",
        ids: (p) => [p.console.modes[p.mode].refusedCaseId],
        run: (s, id) =>
          reviewCase(db, tenant(s), {
            staff: staff(s),
            verificationId: id,
            decision: "approve",
            note: "isolation check",
            expectedStatus: "Refused",
          }),
      },
      {
        name: "cases/[id] restart action: restartCase",
        ids: (p) => [p.console.modes[p.mode].refusedCaseId],
        run: (s, id) => restartCase(db, tenant(s), { staff: staff(s), verificationId: id, note: "", expectedStatus: "Refused" }),
      },
      {
        name: "cases/[id] workflow action: switchCaseWorkflow (their case)",
        ids: (p) => p.team.modes[p.mode].verificationIds.slice(1),
        run: (s, id) =>
          switchCaseWorkflow(db, tenant(s), { staff: staff(s), verificationId: id, workflowId: "sandbox-flow-address-only", note: "" }),
      },
      {
        name: "cases/[id] workflow action: switchCaseWorkflow (their workflow on my case)",
        ids: (p) => [p.console.modes[p.mode].workflowId],
        run: (s, id) =>
          switchCaseWorkflow(db, tenant(s), {
            staff: staff(s),
            verificationId: s.team.modes[s.mode].verificationIds[1]!,
            workflowId: id,
            note: "",
          }),
        kind: "invalid",
      },
      {
        name: "cases/[id] replay action: replayCaseDelivery",
        ids: (p) => p.team.modes[p.mode].messageIds,
        run: (s, id) => replayCaseDelivery(db, tenant(s), { staff: staff(s), messageId: id }),
      },
      {
        name: "fraud report action on a case",
        ids: (p) => p.team.modes[p.mode].verificationIds,
        run: (s, id) =>
          fileFraudReport(db, {
            tenant: tenant(s),
            staff: staff(s),
            subjectType: "verification",
            subjectId: id,
            reason: "isolation",
            networkKey: NETWORK_KEY,
          }),
      },
      {
        name: "fraud report action on an assessment",
        ids: (p) => p.team.modes[p.mode].riskAssessmentIds,
        run: (s, id) =>
          fileFraudReport(db, {
            tenant: tenant(s),
            staff: staff(s),
            subjectType: "risk_assessment",
            subjectId: id,
            reason: "isolation",
            networkKey: NETWORK_KEY,
          }),
      },
      {
        name: "risk/[id] page: getRiskAssessment",
        ids: (p) => p.team.modes[p.mode].riskAssessmentIds,
        run: (s, id) => getRiskAssessment(db, tenant(s), id),
      },
      {
        name: "risk/[id] page: listEvidence",
        ids: (p) => p.team.modes[p.mode].riskAssessmentIds,
        run: (s, id) => listEvidence(db, tenant(s), "risk_assessment", id),
        empty: true,
      },
      {
        name: "evidence/[id] route: getEvidenceFile",
        ids: (p) => p.console.modes[p.mode].evidenceIds,
        run: (s, id) => getEvidenceFile(db, tenant(s), id),
      },
      {
        name: "accounts/[id] page: getAccount",
        ids: (p) => p.team.modes[p.mode].accountIds,
        run: (s, id) => getAccount(db, tenant(s), id),
      },
      {
        name: "accounts acknowledge action: acknowledgeAlerts",
        ids: (p) => p.team.modes[p.mode].accountIds,
        run: (s, id) => acknowledgeAlerts(db, tenant(s), { staff: staff(s), accountId: id }),
      },
      {
        name: "accounts alerts action: setAccountAlerts",
        ids: (p) => p.team.modes[p.mode].accountIds,
        run: (s, id) => setAccountAlerts(db, tenant(s), { staff: staff(s), accountId: id, enabled: false }),
      },
      {
        name: "integrations revoke action: revokeCredential",
        ids: (p) => [p.team.modes[p.mode].clientId],
        run: (s, id) => revokeCredential(db, tenant(s), { staff: staff(s), clientId: id }),
      },
    ];
    // Per team (the mailbox, members and the blocklist have no mode).
    const perTeam: typeof perMode = [
      {
        name: "mailbox/[id] page: getOutboundEmail",
        ids: (p) => p.console.emailIds,
        run: (s, id) => getOutboundEmail(db, { staff: staff(s), teamId: s.team.teamId, id }),
      },
      {
        name: "members role action: changeMemberRole",
        ids: (p) => [p.console.memberId],
        run: (s, id) => changeMemberRole(db, { staff: staff(s), teamId: s.team.teamId, userId: id, role: "admin" }),
      },
      {
        name: "members remove action: removeMember",
        ids: (p) => [p.console.memberId],
        run: (s, id) => removeMember(db, { staff: staff(s), teamId: s.team.teamId, userId: id }),
      },
      {
        name: "blocklist remove action: removeBlocklistEntry",
        ids: (p) => p.console.blocklistEntryIds,
        run: (s, id) => removeBlocklistEntry(db, { by: { staff: staff(s), teamId: s.team.teamId }, id }),
      },
    ];
    const tenant = (p: Party) => ({ teamId: p.team.teamId, mode: p.mode });
    const staff = (p: Party) => ({ userId: p.console.ownerId });

    it.each([...perMode.map((c) => [c.name, c, "mode"] as const), ...perTeam.map((c) => [c.name, c, "team"] as const)])(
      "%s: another team's or mode's id is not found, as an unknown id is",
      async (_, check, scope) => {
        for (const { self, other } of pairs()) {
          if (scope === "team" && other.team === self.team) continue;
          const unknown = outcome(await check.run(self, UNKNOWN_ID));
          expect(unknown, `${label(self)} unknown id`).toEqual(
            check.empty ? { ok: true, value: unknown.value } : { ok: false, kind: check.kind ?? "not_found" },
          );
          if (check.empty) expect([undefined, []]).toContainEqual(unknown.value);
          for (const id of check.ids(other)) {
            const result = await check.run(self, id);
            probes.console++;
            expect(outcome(result), `${label(self)} with ${label(other)}'s ${id}`).toEqual(unknown);
            expectNoForeignData(JSON.stringify(result ?? null), self, check.name, id);
          }
        }
      },
    );

    it("the same functions do reach a party's own data (the checks above are not vacuous)", async () => {
      for (const self of parties) {
        const data = self.team.modes[self.mode];
        const own = self.console.modes[self.mode];
        expect((await getCaseDetail(db, tenant(self), data.verificationIds[0]!)).ok).toBe(true);
        expect(await listEvidence(db, tenant(self), "verification", own.refusedCaseId)).toHaveLength(1);
        expect(await listHostedAttempts(db, tenant(self), own.refusedCaseId)).toHaveLength(1);
        expect(await listCaseVouches(db, tenant(self), own.refusedCaseId)).toHaveLength(1);
        expect(await findWorkflow(db, tenant(self), own.workflowId)).toBeDefined();
        expect((await getRiskAssessment(db, tenant(self), data.riskAssessmentIds[0]!)).ok).toBe(true);
        expect((await getEvidenceFile(db, tenant(self), own.evidenceIds[0]!)).ok).toBe(true);
        expect((await getAccount(db, tenant(self), data.accountIds[0]!)).ok).toBe(true);
        expect((await getOutboundEmail(db, { staff: staff(self), teamId: self.team.teamId, id: self.console.emailIds[0]! })).ok).toBe(true);
      }
    });

    it("console lists show only the caller's own team and mode", async () => {
      for (const self of parties) {
        const t = tenant(self);
        const lists: Record<string, unknown> = {
          "cases page": await searchCases(db, t, {}),
          "accounts page": await listConsoleAccounts(db, t),
          "risk page": await listRiskAssessments(db, t),
          "audit page": await listAuditEntries(db, t),
          "webhooks page": await listWebhookDeliveries(db, t),
          "integrations page": await listApiClients(db, t),
          "overview page": await getOverviewStats(db, t),
          workflows: await listWorkflows(db, t),
          "mailbox page": await listOutboundEmails(db, { staff: staff(self), teamId: self.team.teamId }),
          "members page": await listMembers(db, self.team.teamId),
          "blocklist page": await listBlocklistEntries(db, { teamId: self.team.teamId }),
        };
        for (const [page, result] of Object.entries(lists)) expectNoForeignData(JSON.stringify(result), self, page);
        expect(JSON.stringify(lists["cases page"])).toContain(self.team.modes[self.mode].verificationIds[0]);
      }
    });

    it("changed nothing of another party", async () => {
      for (const party of parties) {
        const own = party.console.modes[party.mode];
        const [refused] = await db
          .select({ status: verifications.status, workflowId: verifications.workflowId })
          .from(verifications)
          .where(eq(verifications.id, own.refusedCaseId));
        expect(refused).toEqual({ status: "Refused", workflowId: "sandbox-flow" });
        const [second] = await db
          .select({ workflowId: verifications.workflowId })
          .from(verifications)
          .where(eq(verifications.id, party.team.modes[party.mode].verificationIds[1]!));
        expect(second!.workflowId).toBe("sandbox-flow");
        const [client] = await db
          .select({ revokedAt: apiClients.revokedAt })
          .from(apiClients)
          .where(eq(apiClients.clientId, party.team.modes[party.mode].clientId));
        expect(client!.revokedAt).toBeNull();
        const replayed = await db
          .select({ n: webhookMessages.replayCount })
          .from(webhookMessages)
          .where(and(eq(webhookMessages.teamId, party.team.teamId), eq(webhookMessages.mode, party.mode)));
        expect(replayed.every((m) => m.n <= 1)).toBe(true); // at most the API check's own replay
      }
      for (const team of new Set(parties.map((p) => p.team))) {
        const members = await db.select({ role: memberships.role }).from(memberships).where(eq(memberships.teamId, team.teamId));
        expect(members.map((m) => m.role).sort()).toEqual(["owner", "viewer"]);
      }
      const alerts = await db.select({ ack: accountAlerts.acknowledgedAt }).from(accountAlerts);
      expect(alerts.length).toBeGreaterThan(0);
      const fraud = await db.select().from(auditLog).where(eq(auditLog.action, "fraud_report.filed"));
      expect(fraud).toEqual([]);
    });
  });
});
