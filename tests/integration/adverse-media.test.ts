import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "@/lib/server/cli/run-cli";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, type TestDatabase } from "../support/db";

// POST /api/v1/adverse-media (issue 16). The real API's shapes (real-api.md), written out here:
//   AdverseMediaResponse: { status: 'PASS' | 'FAIL'; threshold: number; strong_matches: AdverseMediaArticle[]; all_results: AdverseMediaArticle[] }
//   AdverseMediaArticle: { title: string; link: string; source: string; published_at: string | null; snippet: string; score: number }
const RESPONSE_KEYS = ["all_results", "status", "strong_matches", "threshold"];
const ARTICLE_KEYS = ["link", "published_at", "score", "snippet", "source", "title"];
// From the sample corpus's text (lib/server/adverse-media/sample-corpus.ts).
const JAILED = "https://news.example/northgate-herald/2024/03/krakow-born-importer-jailed-vat-fraud";
const CHARITY_RUN = "https://news.example/atlantic-evening-mail/2024/04/retired-postman-runs-100-miles";

let database: TestDatabase;
let app: TestApi;
let live: string;
let sandbox: string;
const dir = mkdtempSync(path.join(tmpdir(), "adverse-media-"));

function expectShape(body: Record<string, any>) {
  expect(Object.keys(body).sort()).toEqual(RESPONSE_KEYS);
  for (const article of [...body.all_results, ...body.strong_matches]) expect(Object.keys(article).sort()).toEqual(ARTICLE_KEYS);
}

beforeAll(async () => {
  database = await createTestDatabase("pglite");
  app = createTestApi(database.db);
  const acme = await seedTeam(database.db, "Media Acme");
  [live, sandbox] = await Promise.all([tokenFor(app, acme.live), tokenFor(app, acme.sandbox)]);
});
afterAll(async () => database?.dispose());

describe("sandbox: the sample corpus", () => {
  it("fails a person convicted of fraud and passes one in a charity story", async () => {
    const convicted = await call(app, "POST", "/api/v1/adverse-media", {
      token: sandbox,
      json: { first_name: "Tomasz", last_name: "Nowak" },
    });
    expect(convicted.status).toBe(200);
    expectShape(convicted.body);
    expect(convicted.body).toMatchObject({ status: "FAIL", threshold: 70 });
    expect(convicted.body.strong_matches[0]).toMatchObject({ link: JAILED, source: "The Northgate Herald", published_at: "2024-03-15" });
    const neutral = await call(app, "POST", "/api/v1/adverse-media", {
      token: sandbox,
      json: { first_name: "David", last_name: "Thornbury" },
    });
    expect(neutral.body).toMatchObject({ status: "PASS", strong_matches: [], all_results: [{ link: CHARITY_RUN }] });
    const nobody = await call(app, "POST", "/api/v1/adverse-media", {
      token: sandbox,
      json: { first_name: "Henrietta", last_name: "Quillfeather" },
    });
    expect(nobody.body).toEqual({ status: "PASS", threshold: 70, strong_matches: [], all_results: [] });
  });

  it("answers the same question the same way, and respects the threshold", async () => {
    const ask = (threshold?: number) =>
      call(app, "POST", "/api/v1/adverse-media", {
        token: sandbox,
        json: { first_name: "Tomasz", last_name: "Nowak", ...(threshold === undefined ? {} : { threshold }) },
      });
    expect((await ask()).body).toEqual((await ask()).body);
    const strict = await ask(100);
    const top = Math.max(...(strict.body.all_results as { score: number }[]).map((a) => a.score));
    expect(strict.body.status).toBe(top >= 100 ? "FAIL" : "PASS");
    expect(strict.body.threshold).toBe(100);
  });
});

describe("live: the imported corpus", () => {
  it("says there is nothing to search before a corpus is imported (503), then screens the imported articles", async () => {
    const before = await call(app, "POST", "/api/v1/adverse-media", { token: live, json: { first_name: "Tomasz", last_name: "Nowak" } });
    expect(before.status).toBe(503);
    expect(before.body).toMatchObject({ status_code: 503, error_code: "no_corpus" });

    const file = path.join(dir, "articles.jsonl");
    writeFileSync(
      file,
      [
        {
          title: "Local builder jailed for mortgage fraud",
          link: "https://news.example/gazette/builder-jailed",
          source: "The Gazette",
          published_at: "2025-06-02",
          body: "Gareth Pryce, 52, was jailed for six years after being convicted of mortgage fraud and money laundering at Cardiff Crown Court.",
          location: "Cardiff",
        },
        {
          title: "Bakery wins award",
          link: "https://news.example/gazette/bakery-award",
          source: "The Gazette",
          published_at: null,
          body: "Sian Morgan's bakery in Swansea won the regional award for its bara brith.",
        },
      ]
        .map((a) => JSON.stringify(a))
        .join("\n"),
    );
    expect(await runCli(database.db, ["import-adverse-media", "--file", file])).toMatchObject({
      exitCode: 0,
      output: { ok: true, imported: 2 },
    });
    const jailed = await call(app, "POST", "/api/v1/adverse-media", {
      token: live,
      json: { first_name: "Gareth", last_name: "Pryce", location: "Cardiff" },
    });
    expect(jailed.status).toBe(200);
    expectShape(jailed.body);
    expect(jailed.body.status).toBe("FAIL");
    expect(jailed.body.strong_matches[0]).toMatchObject({
      link: "https://news.example/gazette/builder-jailed",
      title: "Local builder jailed for mortgage fraud",
    });
    expect(jailed.body.strong_matches[0].snippet).toContain("Gareth Pryce, 52, was jailed");
    // The sample corpus is the sandbox's, not live's.
    expect(
      (await call(app, "POST", "/api/v1/adverse-media", { token: live, json: { first_name: "Tomasz", last_name: "Nowak" } })).body
        .all_results,
    ).toEqual([]);

    // A later import is seen at once (the prepared index follows the stored corpus).
    const more = path.join(dir, "more.csv");
    writeFileSync(
      more,
      'title,link,source,published_at,body\n"Director banned","https://news.example/gazette/director-banned","The Gazette",2025-07-01,"Rhys Evans was disqualified as a director for eight years after the collapse of his firm."\n',
    );
    expect(await runCli(database.db, ["import-adverse-media", "--file", more])).toMatchObject({ exitCode: 0, output: { imported: 1 } });
    const banned = await call(app, "POST", "/api/v1/adverse-media", { token: live, json: { first_name: "Rhys", last_name: "Evans" } });
    expect(banned.body.all_results.map((a: { link: string }) => a.link)).toEqual(["https://news.example/gazette/director-banned"]);
  });

  it("rejects a file with bad lines whole, naming each", async () => {
    const file = path.join(dir, "bad.jsonl");
    writeFileSync(
      file,
      [
        JSON.stringify({ title: "Fine", link: "https://news.example/a", source: "S", published_at: null, body: "Text." }),
        JSON.stringify({ title: "No link", source: "S", body: "x" }),
        "not json",
      ].join("\n"),
    );
    const result = await runCli(database.db, ["import-adverse-media", "--file", file]);
    expect(result.exitCode).toBe(1);
    expect((result.output as { imported: number; rejected: { line: number }[] }).imported).toBe(0);
    expect((result.output as { rejected: { line: number }[] }).rejected.map((r) => r.line)).toEqual([2, 3]);
  });

  it("answers bad input with 400 keyed by field, and 401 without a token", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ last_name: "Pryce" }, "first_name"],
      [{ first_name: "Gareth", last_name: " " }, "last_name"],
      [{ first_name: "Gareth", last_name: "Pryce", threshold: 120 }, "threshold"],
      [{ first_name: "Gareth", last_name: "Pryce", threshold: "70" }, "threshold"],
      [{ first_name: "Gareth", last_name: "Pryce", nickname: "G" }, "nickname"],
    ];
    for (const [json, field] of cases) {
      const res = await call(app, "POST", "/api/v1/adverse-media", { token: live, json });
      expect(res.status, field).toBe(400);
      expect(Object.keys(res.body.error_detail), field).toContain(field);
    }
    expect((await call(app, "POST", "/api/v1/adverse-media", { json: { first_name: "A", last_name: "B" } })).status).toBe(401);
  });
});
