import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { amlListVersions, residencyDatasets, users, webhookEndpoints } from "@/lib/db/schema";
import { runCli } from "@/lib/server/cli/run-cli";
import { seedDemo } from "@/lib/server/seed/seed-demo";
import { call, createTestApi, tokenFor } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

describeEngines("demo seed and admin CLI on %s", (engine) => {
  let database: TestDatabase;
  let dir: string;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-seed-"));
  });
  afterAll(async () => {
    await database.dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("seeds the Demo team once and writes working credentials to the file", async () => {
    const file = path.join(dir, "demo-credentials.json");
    const seeded = await seedDemo(database.db, { credentialsFile: file, webhookUrl: "http://localhost:3000/api/onboarding/webhooks" });
    expect(seeded).not.toBeNull();
    const written = JSON.parse(fs.readFileSync(file, "utf8"));
    expect(written).toEqual(seeded);
    expect(Object.keys(written).sort()).toEqual(["live", "sandbox", "staff"]);
    expect(written.sandbox.client_secret.startsWith("sandbox-")).toBe(true);
    expect(written.live.client_secret.startsWith("sandbox-")).toBe(false);
    expect(written.staff.email).toBe("owner@demo.test");

    // The staff password is stored as a bcrypt hash, never as given.
    const [owner] = await database.db.select().from(users);
    expect(owner!.passwordHash).toMatch(/^\$2[aby]\$12\$/);
    expect(owner!.passwordHash).not.toContain(written.staff.password);

    const app = createTestApi(database.db);
    for (const mode of ["live", "sandbox"] as const) {
      const token = await tokenFor(app, { clientId: written[mode].client_id, clientSecret: written[mode].client_secret });
      const created = await call(app, "POST", "/api/v1/verifications", {
        token,
        json: { email: "demo@example.com", workflow_id: "sandbox-flow" },
      });
      expect(created.status).toBe(201);
    }
    // The Demo team's endpoints point at the bundled onboarding receiver, secrets in demo-webhook.json.
    const hooks = JSON.parse(fs.readFileSync(path.join(dir, "demo-webhook.json"), "utf8"));
    const endpoints = await database.db.select().from(webhookEndpoints);
    expect(endpoints.map((e) => [e.mode, e.url, e.secret]).sort()).toEqual(
      (["live", "sandbox"] as const).map((mode) => [mode, "http://localhost:3000/api/onboarding/webhooks", hooks[mode].secret]),
    );
    expect(hooks.sandbox.secret).toMatch(/^whsec_/);

    // Live risk works on the demo's own data: the sample sanctions lists and residency dataset.
    const lists = await database.db.select().from(amlListVersions);
    expect(lists.map((l) => l.source).sort()).toEqual(["ofac_sdn", "opensanctions_targets", "un_consolidated"]);
    expect(lists.every((l) => l.entityCount > 0)).toBe(true);
    expect(await database.db.select().from(residencyDatasets)).toHaveLength(1);

    expect(await seedDemo(database.db, { credentialsFile: path.join(dir, "again.json") })).toBeNull();
    expect(fs.existsSync(path.join(dir, "again.json"))).toBe(false);
  });

  it("creates a team, a staff user and credentials, and revokes them", async () => {
    const team = await runCli(database.db, ["create-team", "--name", "Initech Ltd"]);
    expect(team.exitCode).toBe(0);
    const slug = (team.output as { team: { slug: string } }).team.slug;
    expect(slug).toBe("initech-ltd");

    const user = await runCli(database.db, [
      "create-user",
      "--team",
      slug,
      "--email",
      "Peter@Initech.test",
      "--password",
      "correct horse battery",
      "--role",
      "reviewer",
    ]);
    expect(user).toMatchObject({ exitCode: 0, output: { ok: true, email: "peter@initech.test", role: "reviewer", created: true } });

    const creds = await runCli(database.db, ["create-credentials", "--team", slug, "--mode", "sandbox", "--name", "CI key"]);
    expect(creds.exitCode).toBe(0);
    const { client_id, client_secret } = creds.output as { client_id: string; client_secret: string };
    expect(client_secret.startsWith("sandbox-")).toBe(true);

    const app = createTestApi(database.db);
    const token = await tokenFor(app, { clientId: client_id, clientSecret: client_secret });
    expect((await call(app, "GET", "/api/v2/verifications/x", { token })).status).toBe(404);

    const listed = await runCli(database.db, ["list-credentials", "--team", slug, "--mode", "sandbox"]);
    const credentials = (listed.output as { credentials: { clientId: string; secretHint: string }[] }).credentials;
    expect(credentials.map((c) => c.clientId)).toEqual([client_id]);
    expect(JSON.stringify(listed.output)).not.toContain(client_secret);

    const revoked = await runCli(database.db, ["revoke-credentials", "--client-id", client_id]);
    expect(revoked).toMatchObject({ exitCode: 0, output: { ok: true, clientId: client_id } });
    expect((await call(app, "GET", "/api/v2/verifications/x", { token })).status).toBe(401);
    expect((await runCli(database.db, ["revoke-credentials", "--client-id", client_id])).exitCode).toBe(2);
  });

  it.each([
    [["create-team"], /--name is required/],
    [["create-credentials", "--team", "nope", "--mode", "live"], /No team "nope"/],
    [["create-credentials", "--team", "demo", "--mode", "staging"], /--mode must be one of live, sandbox/],
    [["create-user", "--team", "demo", "--email", "x@y.test", "--password", "pw", "--role", "god"], /--role must be one of/],
    [["frobnicate"], /Unknown command/],
    [["create-team", "--colour", "red"], /Unknown option/],
  ])("refuses %j with a usage error", async (argv, message) => {
    const result = await runCli(database.db, argv);
    expect(result.exitCode).toBe(2);
    expect((result.output as { error: { message: string } }).error.message).toMatch(message);
  });

  it("refuses a short password as a validation failure", async () => {
    const result = await runCli(database.db, ["create-user", "--team", "demo", "--email", "x@y.test", "--password", "short"]);
    expect(result.exitCode).toBe(1);
    expect(result.output).toMatchObject({ ok: false, error: { kind: "invalid", detail: { password: "At least 10 characters" } } });
  });
});
