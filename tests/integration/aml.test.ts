import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import {
  accountAlerts,
  amlEntities,
  amlListVersions,
  monitoredAccounts,
  monitoringMatches,
  webhookEndpoints,
  webhookMessages,
} from "@/lib/db/schema";
import { builtInAmlProvider } from "@/lib/server/aml/aml-provider";
import { getScreeningIndex } from "@/lib/server/aml/get-screening-index";
import { importAmlList } from "@/lib/server/aml/import-aml-list";
import { rescreenMonitoredAccounts } from "@/lib/server/aml/rescreen-monitored-accounts";
import { screenPerson } from "@/lib/server/aml/screen-person";
import { runCli } from "@/lib/server/cli/run-cli";
import type { EnrichmentContext } from "@/lib/server/risk/live/providers";
import type { RiskSubject } from "@/lib/server/risk/risk-engine";
import type { Tenant } from "@/lib/server/shared/tenant";
import { call, createTestApi, seedTeam, tokenFor } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const SAMPLES = path.resolve(import.meta.dirname, "../../datasets/aml");
const OFAC = path.join(SAMPLES, "ofac-sdn-sample.xml");
const UN = path.join(SAMPLES, "un-consolidated-sample.xml");

interface Person {
  first_name: string;
  last_name: string;
  date_of_birth: string;
  country?: string;
}

function context(database: TestDatabase, tenant: Tenant, person: Person, assessmentId: string, aml = 96): EnrichmentContext {
  const subject = {
    request: {
      first_name: person.first_name,
      last_name: person.last_name,
      email: `${person.first_name.toLowerCase()}@example.com`,
      date_of_birth: person.date_of_birth,
      enrichments: ["AML"],
      ...(person.country
        ? { address: { residence_number: "1", street: "Main Street", city: "Town", postcode: "AB1 2CD", country_code: person.country } }
        : {}),
    },
    thresholds: { aml, online_footprint: 50 },
    faceScan: null,
    report: "headline",
  } as RiskSubject;
  return { db: database.db, tenant, subject, assessmentId, faceEmbedding: null, networkKey: "test-network-key", now: new Date() };
}

async function alertMessages(database: TestDatabase, tenant: Tenant) {
  const rows = await database.db
    .select()
    .from(webhookMessages)
    .where(and(eq(webhookMessages.teamId, tenant.teamId), eq(webhookMessages.mode, tenant.mode), eq(webhookMessages.event, "Alert")));
  return rows;
}

describeEngines("AML lists, screening and monitoring on %s", (engine) => {
  let database: TestDatabase;
  let live: Tenant;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const acme = await seedTeam(database.db);
    live = { teamId: acme.team.id, mode: "live" };
    await database.db
      .insert(webhookEndpoints)
      .values({ ...live, url: "https://hooks.example.com/idv", secret: "whsec_dGVzdHRlc3R0ZXN0dGVzdHRlc3R0ZXN0dGVzdA==" });
  });
  afterAll(() => database.dispose());

  it("before any list: the person is enrolled and the check is inconclusive", async () => {
    const result = await builtInAmlProvider.run(
      context(database, live, { first_name: "Ana", last_name: "Lopes", date_of_birth: "1985-04-02" }, "risk_before"),
    );
    expect(result.state).toBe("INCONCLUSIVE");
    expect(result.checks.AML_SANCTIONS_CHECK?.reason).toContain("No sanctions or PEP list");
    const [account] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.id, result.monitoredAccountId!));
    expect(account).toMatchObject({ status: "Clear", riskType: null, riskAssessmentId: "risk_before", firstName: "Ana" });
    expect(account!.alertsEnabledAt).toBeInstanceOf(Date);
  });

  it("assessments of one person at the same moment enrol one account; an account from before the person key is found and keyed", async () => {
    const person = { first_name: "Maria", last_name: "Oliveira", date_of_birth: "1990-01-09" };
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => builtInAmlProvider.run(context(database, live, person, `risk_race_${i}`))),
    );
    const ids = new Set(results.map((r) => r.monitoredAccountId));
    expect(ids.size).toBe(1);
    const rows = await database.db
      .select()
      .from(monitoredAccounts)
      .where(and(eq(monitoredAccounts.teamId, live.teamId), eq(monitoredAccounts.lastName, "Oliveira")));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.personKey).toBe("maria oliveira|1990-01-09");
    // Written the old way (no key): found by name and date of birth, keyed, not doubled.
    await database.db
      .insert(monitoredAccounts)
      .values({ id: "sl_legacy", ...live, firstName: "Jón", lastName: "Sigurðsson", dateOfBirth: "1970-06-17", alertsEnabledAt: null });
    const again = await builtInAmlProvider.run(
      context(database, live, { first_name: "Jon", last_name: "Sigurdsson", date_of_birth: "1970-06-17" }, "risk_legacy"),
    );
    expect(again.monitoredAccountId).toBe("sl_legacy");
    const [legacy] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.id, "sl_legacy"));
    expect(legacy).toMatchObject({ personKey: "jon sigurdsson|1970-06-17", riskAssessmentId: "risk_legacy" });
    expect(legacy!.alertsEnabledAt).toBeInstanceOf(Date);
  });

  it("a list import is a new version; every version is kept and the latest of a source is current", async () => {
    const first = await runCli(database.db, ["import-aml-list", "--file", UN]);
    expect(first.exitCode).toBe(0);
    expect(first.output).toMatchObject({
      ok: true,
      format: "un-xml",
      version: { source: "un_consolidated", entityCount: 7, fileName: "un-consolidated-sample.xml" },
    });
    const second = await importAmlList(database.db, { file: UN });
    if (!second.ok) throw new Error(second.error.message);
    const listed = await runCli(database.db, ["list-aml-lists"]);
    const lists = (listed.output as { lists: { id: string; source: string; current: boolean; sha256: string }[] }).lists;
    expect(lists.map((l) => [l.id, l.current])).toEqual([
      [second.value.version.id, true],
      [(first.output as { version: { id: string } }).version.id, false],
    ]);
    expect(new Set(lists.map((l) => l.sha256)).size).toBe(1);
    const rows = await database.db.select({ versionId: amlEntities.listVersionId }).from(amlEntities);
    expect(rows).toHaveLength(14);
    // A file that is not a list is refused and leaves nothing behind.
    const refused = await runCli(database.db, ["import-aml-list", "--file", path.join(SAMPLES, "README.md")]);
    expect(refused).toMatchObject({ exitCode: 1, output: { ok: false, error: { kind: "invalid" } } });
    const forced = await importAmlList(database.db, { file: OFAC, format: "un-xml" });
    expect(forced.ok).toBe(false);
    expect(await database.db.select().from(amlListVersions)).toHaveLength(2);
  });

  it("the provider passes a person who is not listed, with the reason, and monitors them", async () => {
    const result = await builtInAmlProvider.run(
      context(database, live, { first_name: "Vladimir", last_name: "Putin", date_of_birth: "1952-10-07" }, "risk_putin_1"),
    );
    expect(result).toMatchObject({
      state: "PASS",
      checks: { AML_SANCTIONS_CHECK: { state: "PASS", reason: "No sanctions or PEP match scoring 96 or more" } },
    });
    const [account] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.id, result.monitoredAccountId!));
    expect(account).toMatchObject({ status: "Clear", riskType: null, dateOfBirth: "1952-10-07" });
    expect(await alertMessages(database, live)).toHaveLength(0);
  });

  it("an import that lists a monitored person raises exactly one alert and one Alert webhook; importing it again raises none", async () => {
    const [putin] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.riskAssessmentId, "risk_putin_1"));
    // Monitoring switched off: this account must not be alerted.
    await database.db
      .insert(monitoredAccounts)
      .values({ id: "sl_off", ...live, firstName: "Ramzan", lastName: "Kadyrov", dateOfBirth: "1976-10-05", alertsEnabledAt: null });

    const imported = await runCli(database.db, ["import-aml-list", "--file", OFAC]);
    expect(imported.output).toMatchObject({ ok: true, rescreen: { alerts: 1, webhooks: 1 } });

    const alerts = await database.db.select().from(accountAlerts).where(eq(accountAlerts.accountId, putin!.id));
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.matches.map((m) => m.id)).toEqual(["ofac-35096"]);
    expect(alerts[0]!.matches[0]).toEqual({
      id: "ofac-35096",
      caption: "Vladimir Vladimirovich PUTIN",
      entity_type: "Person",
      datasets: [{ id: "us_ofac_sdn", title: "US OFAC Specially Designated Nationals (SDN) List" }],
      score: expect.any(Number),
    });
    const [after] = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.id, putin!.id));
    expect(after).toMatchObject({ status: "New", riskType: "sanction" });
    expect(after!.lastScreenedAt!.getTime()).toBeGreaterThanOrEqual(putin!.lastScreenedAt!.getTime());

    const messages = await alertMessages(database, live);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.payload).toEqual({ event: "Alert", alertId: alerts[0]!.id, smartLookupId: putin!.id });
    expect(await database.db.select().from(accountAlerts).where(eq(accountAlerts.accountId, "sl_off"))).toHaveLength(0);
    expect(await database.db.select().from(monitoringMatches).where(eq(monitoringMatches.accountId, putin!.id))).toEqual([
      expect.objectContaining({ entityKey: "ofac-35096", alertId: alerts[0]!.id }),
    ]);

    const again = await importAmlList(database.db, { file: OFAC });
    expect(again.ok && again.value.rescreen).toMatchObject({ alerts: 0, webhooks: 0 });
    expect(await rescreenMonitoredAccounts(database.db)).toMatchObject({ alerts: 0, webhooks: 0 });
    expect(await database.db.select().from(accountAlerts).where(eq(accountAlerts.accountId, putin!.id))).toHaveLength(1);
    expect(await alertMessages(database, live)).toHaveLength(1);
  });

  it("the provider fails a listed person naming the best match, reuses their account and alerts only what is new", async () => {
    const spelled = await builtInAmlProvider.run(
      context(database, live, { first_name: "Vladimir", last_name: "Putin", date_of_birth: "1952-10-07" }, "risk_putin_2"),
    );
    expect(spelled.state).toBe("FAIL");
    expect(spelled.checks.AML_SANCTIONS_CHECK?.reason).toMatch(
      /^Possible sanctions match: Vladimir Vladimirovich PUTIN \(US OFAC Specially Designated Nationals \(SDN\) List\), score \d+ \(threshold 96\)$/,
    );
    const accounts = await database.db.select().from(monitoredAccounts).where(eq(monitoredAccounts.dateOfBirth, "1952-10-07"));
    expect(accounts).toHaveLength(1);
    expect(accounts[0]).toMatchObject({ id: spelled.monitoredAccountId, riskAssessmentId: "risk_putin_2" });
    // Already alerted for this match: no second alert, no second webhook.
    expect(await database.db.select().from(accountAlerts).where(eq(accountAlerts.accountId, spelled.monitoredAccountId!))).toHaveLength(1);
    expect(await alertMessages(database, live)).toHaveLength(1);

    // A new person, listed, in another spelling: one alert with the webhook, at enrolment.
    const kadyrov = await builtInAmlProvider.run(
      context(database, live, { first_name: "Ramzan", last_name: "Kadirov", date_of_birth: "1976-10-05", country: "RU" }, "risk_kadyrov"),
    );
    expect(kadyrov.state).toBe("FAIL");
    expect(kadyrov.monitoredAccountId).not.toBe("sl_off"); // another spelling: not the same account
    const [alert] = await database.db.select().from(accountAlerts).where(eq(accountAlerts.accountId, kadyrov.monitoredAccountId!));
    expect(alert!.matches.map((m) => m.id)).toEqual(["ofac-22437"]);
    const messages = await alertMessages(database, live);
    expect(messages.map((m) => m.payload)).toContainEqual({
      event: "Alert",
      alertId: alert!.id,
      smartLookupId: kadyrov.monitoredAccountId,
    });
    expect(messages).toHaveLength(2);
  });

  it("a name scoring just under the default threshold (96, wire-details) passes AML; at its score it fails", async () => {
    // Vladimir Putin's exact name, born a year after the listed date: just under the threshold.
    const person = { first_name: "Vladimir", last_name: "Putin", email: "near.miss@example.com", date_of_birth: "1953-10-07" };
    const near = await screenPerson(
      database.db,
      { firstName: person.first_name, lastName: person.last_name, dateOfBirth: person.date_of_birth },
      { threshold: 0 },
    );
    const score = near.matches.find((m) => m.id === "ofac-35096")!.score;
    expect(score).toBeGreaterThanOrEqual(90); // the premise: near the threshold…
    expect(score).toBeLessThan(96); // …and under it
    const app = createTestApi(database.db);
    const token = await tokenFor(app, (await seedTeam(database.db, "Threshold Co")).live);
    const assess = async (extra: Record<string, string>) => {
      const form = new FormData();
      for (const [k, v] of Object.entries({ ...person, enrichments: '["AML"]', ...extra })) form.set(k, v);
      const res = await call(app, "POST", "/api/v2/risk", { token, body: form });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.enrichment_reports.aml as { state: string; checks: Record<string, { state: string }> };
    };
    // No threshold sent: the team's default, 96.
    expect(await assess({})).toMatchObject({ state: "PASS", checks: { AML_SANCTIONS_CHECK: { state: "PASS" } } });
    expect(await assess({ thresholds: `{"aml":96}` })).toMatchObject({ state: "PASS" });
    expect(await assess({ thresholds: `{"aml":${score}}` })).toMatchObject({
      state: "FAIL",
      checks: { AML_SANCTIONS_CHECK: { state: "FAIL" } },
    });
  });

  it("screen-name answers the matches over the current lists", async () => {
    const hit = await runCli(database.db, [
      "screen-name",
      "--first-name",
      "Wladimir",
      "--last-name",
      "Poutine",
      "--date-of-birth",
      "1952-10-07",
    ]);
    expect(hit.exitCode).toBe(0);
    expect((hit.output as { matches: { id: string }[] }).matches.map((m) => m.id)).toEqual(["ofac-35096"]);
    const miss = await runCli(database.db, ["screen-name", "--first-name", "John", "--last-name", "Smith"]);
    expect(miss.output).toMatchObject({ ok: true, matches: [] });
    const bad = await runCli(database.db, ["screen-name", "--first-name", "John", "--last-name", "Smith", "--threshold", "120"]);
    expect(bad.exitCode).toBe(2);
  });

  it("a list of thousands is loaded whole into the index (several pages) and screened", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "aml-big-"));
    const file = path.join(dir, "entities.ftm.json");
    const syllables = ["ka", "lo", "mi", "ser", "van", "to", "ri", "bel", "dun", "pa"];
    const lines: string[] = [];
    for (let i = 0; i < 6000; i++) {
      const word = (n: number) => syllables[n % 10]! + syllables[Math.floor(n / 10) % 10]! + syllables[Math.floor(n / 100) % 10]!;
      lines.push(
        JSON.stringify({
          id: `gen-${i}`,
          schema: "Person",
          properties: { name: [`${word(i)} ${word(i * 7 + 3)}ov`], topics: ["role.pep"] },
          datasets: ["peps"],
        }),
      );
    }
    lines.push(
      JSON.stringify({
        id: "gen-target",
        schema: "Person",
        properties: { name: ["Oskar Brennecke-Tallinger"], topics: ["sanction"] },
        datasets: ["sanctions"],
      }),
    );
    fs.writeFileSync(file, lines.join("\n"));
    const imported = await importAmlList(database.db, { file, source: "generated" });
    expect(imported.ok && imported.value.version.entityCount).toBe(6001);
    const index = await getScreeningIndex(database.db);
    expect(index.entityCount).toBeGreaterThanOrEqual(6001);
    const found = await screenPerson(database.db, { firstName: "Oskar", lastName: "Brenecke Tallinger" }, { threshold: 96 });
    expect(found.matches.map((m) => m.id)).toEqual(["gen-target"]);
    fs.rmSync(dir, { recursive: true });
  });
});
