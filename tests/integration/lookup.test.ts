import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { errorSchema, postcodeLookupSchema } from "@/lib/contract";
import { runCli } from "@/lib/server/cli/run-cli";
import { SAMPLE_ADDRESSES } from "@/lib/server/seed/seed-demo";
import { call, createTestApi, seedTeam, tokenFor, type TestApi } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

const lookup = (app: TestApi, token: string | undefined, postcode?: string) =>
  call(app, "GET", `/api/v1/smart-lookups/postcode${postcode === undefined ? "" : `?postcode=${encodeURIComponent(postcode)}`}`, { token });

describeEngines("postcode lookup on %s", (engine) => {
  let database: TestDatabase;
  let app: TestApi;
  let sandbox: string;
  let live: string;
  let otherLive: string;
  let slug: string;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    app = createTestApi(database.db);
    const acme = await seedTeam(database.db);
    const globex = await seedTeam(database.db, "Globex");
    slug = acme.team.slug;
    sandbox = await tokenFor(app, acme.sandbox);
    live = await tokenFor(app, acme.live);
    otherLive = await tokenFor(app, globex.live);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-addr-"));
  });
  afterAll(async () => {
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  // spec 4.11 rule 2 and wire-details: three postcodes with 1, 12 and 21 addresses.
  it.each([
    ["SW1A 2AA", 1, "10 Downing Street, London, SW1A 2AA", "London"],
    ["NW1 6XE", 12, "213 Baker Street, London, NW1 6XE", "London"],
    ["AB11 6BH", 21, "101 Union Street, Aberdeen, AB11 6BH", "Aberdeen"],
  ])("sandbox %s → %i addresses", async (postcode, count, first, city) => {
    for (const spelling of [
      postcode,
      postcode.toLowerCase(),
      postcode.replace(" ", ""),
      ` ${postcode.toLowerCase().replace(" ", "  ")} `,
    ]) {
      const res = await lookup(app, sandbox, spelling);
      expect(res.status, spelling).toBe(200);
      const body = postcodeLookupSchema.parse(res.body);
      expect(body.addresses).toHaveLength(count);
      expect(body.addresses_formatted).toHaveLength(count);
      expect(body.addresses[0]).toBe(first);
      for (const address of body.addresses_formatted) {
        expect(address).toMatchObject({ city, postcode, country_code: "GB", country: "United Kingdom" });
      }
    }
  });

  it.each(["EC1A 1BB", "SW1A 2AB", "not a postcode", "x".repeat(40), "SW1A 2AA; drop table addresses"])(
    "sandbox refuses %s with 400",
    async (postcode) => {
      const res = await lookup(app, sandbox, postcode);
      expect(res.status).toBe(400);
      expect(errorSchema.parse(res.body)).toMatchObject({ message: "Malformed or non-existent postcode" });
    },
  );

  it("needs a postcode and a token", async () => {
    const missing = await lookup(app, sandbox);
    expect(missing.status).toBe(400);
    expect(missing.body.error_detail).toHaveProperty("postcode");
    expect((await lookup(app, undefined, "SW1A 2AA")).status).toBe(401);
  });

  it("live searches the team's imported addresses, isolated per team", async () => {
    expect((await lookup(app, live, "M1 1AE")).status).toBe(400); // nothing imported yet
    const imported = await runCli(database.db, ["import-addresses", "--team", slug, "--file", SAMPLE_ADDRESSES]);
    expect(imported).toMatchObject({ exitCode: 0, output: { ok: true, imported: 43, rejected: [] } });

    const res = await lookup(app, live, "m11ae");
    expect(res.status).toBe(200);
    const body = postcodeLookupSchema.parse(res.body);
    expect(body.addresses).toHaveLength(10);
    // Natural order of house numbers.
    expect(body.addresses.slice(0, 3)).toEqual([
      "2 Piccadilly, Manchester, M1 1AE",
      "4 Piccadilly, Manchester, M1 1AE",
      "6 Piccadilly, Manchester, M1 1AE",
    ]);
    expect(body.addresses_formatted[0]).toEqual({
      residence_number: "2",
      street: "Piccadilly",
      city: "Manchester",
      region: "Greater Manchester",
      postcode: "M1 1AE",
      country_code: "GB",
      country: "United Kingdom",
    });

    const flats = postcodeLookupSchema.parse((await lookup(app, live, "B1 1BB")).body);
    expect(flats.addresses[0]).toBe("Flat 1, Regency House, Broad Street, Birmingham, B1 1BB");

    // Sandbox keeps its canned answers; another team sees none of this team's data.
    expect((await lookup(app, sandbox, "M1 1AE")).status).toBe(400);
    expect((await lookup(app, otherLive, "M1 1AE")).status).toBe(400);
  });

  // spec 4.11: the three canned postcodes are the sandbox's. Live answers from the team's own
  // imported data only: a team that imported none gets a 400 for each; Acme's import (the sample,
  // which has 10 Downing Street but neither Baker Street nor Union Street) answers none of the others.
  it.each(["SW1A 2AA", "sw1a2aa", "NW1 6XE", "AB11 6BH"])(
    "live never answers the sandbox postcode %s from the canned data",
    async (postcode) => {
      const imported = /^sw1a ?2aa$/i.test(postcode) ? [] : [live];
      for (const token of [otherLive, ...imported]) {
        const res = await lookup(app, token, postcode);
        expect(res.status).toBe(400);
        expect(errorSchema.parse(res.body)).toMatchObject({ status_code: 400, message: "Malformed or non-existent postcode" });
      }
      expect((await lookup(app, sandbox, postcode)).status).toBe(200);
    },
  );

  it("imports all or nothing, reporting bad rows by line, and can replace", async () => {
    const bad = path.join(dir, "bad.csv");
    fs.writeFileSync(
      bad,
      "postcode,residence_number,street,city,country_code\nZZ1 1ZZ,1,Good Road,Town,GB\nZZ1 1ZZ,,No Number Road,Town,GB\nZZ1 1ZZ,3,Bad Country,Town,GBR\n",
    );
    const report = await runCli(database.db, ["import-addresses", "--team", slug, "--file", bad]);
    expect(report.exitCode).toBe(1);
    expect(report.output).toMatchObject({
      ok: false,
      imported: 0,
      rejected: [
        { line: 3, reason: "residence_number or building_name is required" },
        { line: 4, reason: "country_code must be a two-letter code" },
      ],
    });
    expect((await lookup(app, live, "ZZ1 1ZZ")).status).toBe(400);

    const unknownColumn = path.join(dir, "unknown.csv");
    fs.writeFileSync(unknownColumn, "postcode,number,city,country_code\nZZ1 1ZZ,1,Town,GB\n");
    expect((await runCli(database.db, ["import-addresses", "--team", slug, "--file", unknownColumn])).output).toMatchObject({
      rejected: [{ line: 1, reason: "unknown column(s): number" }],
    });

    const good = path.join(dir, "good.csv");
    fs.writeFileSync(good, "postcode,residence_number,street,city,country_code\nzz1 1zz,1,Good Road,Town,gb\n");
    const replaced = await runCli(database.db, ["import-addresses", "--team", slug, "--file", good, "--replace"]);
    expect(replaced.output).toMatchObject({ ok: true, imported: 1, replaced: 43 });
    const body = postcodeLookupSchema.parse((await lookup(app, live, "ZZ11ZZ")).body);
    expect(body.addresses).toEqual(["1 Good Road, Town, ZZ1 1ZZ"]);
    expect(body.addresses_formatted[0]).toMatchObject({ country: "United Kingdom", country_code: "GB" });
    expect((await lookup(app, live, "M1 1AE")).status).toBe(400);
  });
});
