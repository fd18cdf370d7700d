import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "@/lib/config";

describe("config", () => {
  it("defaults to the embedded database under ./data on port 3000", () => {
    const config = parseConfig({});
    expect(config.database).toEqual({ kind: "pglite", dataDir: path.resolve("./data") });
    expect(config.port).toBe(3000);
    expect(config.publicBaseUrl).toBe("http://localhost:3000");
    expect(config.seedDemo).toBe(true);
    expect(config.tokenTtlSeconds).toBe(86_400);
    expect(config.webhookAllowLoopback).toBe(true);
  });

  it("uses PostgreSQL when DATABASE_URL is set, without the demo seed unless asked", () => {
    const config = parseConfig({
      DATABASE_URL: "postgres://app@db.internal:5432/idv",
      NODE_ENV: "production",
      AUTH_SECRET: "x".repeat(32),
      NETWORK_KEY: "n".repeat(32),
    });
    expect(config.database).toEqual({ kind: "postgres", url: "postgres://app@db.internal:5432/idv", poolSize: 10 });
    expect(config.seedDemo).toBe(false);
    expect(config.webhookAllowLoopback).toBe(false);
    expect(parseConfig({ DATABASE_URL: "postgresql://x@y/z", SEED_DEMO: "true" }).seedDemo).toBe(true);
  });

  it("needs AUTH_SECRET in production on PostgreSQL; on the embedded database it keeps one in DATA_DIR", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://a@b/c" })).toThrow(
      /AUTH_SECRET: is required in production/,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-config-"));
    try {
      const first = parseConfig({ NODE_ENV: "production", DATA_DIR: dir });
      expect(first.auth.secret.length).toBeGreaterThanOrEqual(32);
      expect(fs.readFileSync(path.join(dir, "auth-secret"), "utf8")).toBe(first.auth.secret);
      expect((fs.statSync(path.join(dir, "auth-secret")).mode & 0o777).toString(8)).toBe("600");
      expect(parseConfig({ NODE_ENV: "production", DATA_DIR: dir }).auth.secret).toBe(first.auth.secret);
      expect(first.webhookAllowLoopback).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("needs NETWORK_KEY in production on PostgreSQL; embedded keeps one in DATA_DIR; development on PostgreSQL shares a fixed one", () => {
    expect(() => parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://a@b/c", AUTH_SECRET: "x".repeat(32) })).toThrow(
      /NETWORK_KEY: is required in production/,
    );
    expect(
      parseConfig({ NODE_ENV: "production", DATABASE_URL: "postgres://a@b/c", AUTH_SECRET: "x".repeat(32), NETWORK_KEY: "k".repeat(32) })
        .networkKey,
    ).toBe("k".repeat(32));
    expect(parseConfig({ DATABASE_URL: "postgres://a@b/c" }).networkKey).toMatch(/development/);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-config-"));
    try {
      const config = parseConfig({ DATA_DIR: dir });
      expect(fs.existsSync(path.join(dir, "network-key"))).toBe(false); // made on first use only
      const key = config.networkKey;
      expect(key.length).toBeGreaterThanOrEqual(32);
      expect(parseConfig({ DATA_DIR: dir }).networkKey).toBe(key);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads email velocity limits as window:limit pairs", () => {
    expect(parseConfig({}).risk.emailVelocity).toEqual([
      { label: "1h", seconds: 3600, limit: 3 },
      { label: "24h", seconds: 86_400, limit: 10 },
      { label: "30d", seconds: 2_592_000, limit: 30 },
    ]);
    expect(parseConfig({ RISK_EMAIL_VELOCITY: "10m:2" }).risk.emailVelocity).toEqual([{ label: "10m", seconds: 600, limit: 2 }]);
    expect(() => parseConfig({ RISK_EMAIL_VELOCITY: "hourly" })).toThrow(/RISK_EMAIL_VELOCITY: must be comma-separated window:limit pairs/);
  });

  it("treats empty strings as unset", () => {
    expect(parseConfig({ DATABASE_URL: "", PORT: "" }).database.kind).toBe("pglite");
  });

  it.each([
    [{ DATABASE_URL: "nonsense" }, "DATABASE_URL", /postgres:\/\/.*\(got "nonsense"\)/],
    [{ DATABASE_URL: "mysql://root@localhost/db" }, "DATABASE_URL", /postgres/],
    [{ PORT: "eighty" }, "PORT", /number/],
    [{ PORT: "70000" }, "PORT", /65535/],
    [{ TOKEN_TTL_SECONDS: "172800" }, "TOKEN_TTL_SECONDS", /at most 86400/],
    [{ WEBHOOK_ALLOW_LOOPBACK: "maybe" }, "WEBHOOK_ALLOW_LOOPBACK", /true or false/],
    [{ PUBLIC_BASE_URL: "not a url" }, "PUBLIC_BASE_URL", /absolute/],
    [{ NODE_ENV: "staging" }, "NODE_ENV", /development|production/],
  ])("refuses %j naming %s", (env, variable, message) => {
    let error: unknown;
    try {
      parseConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const issues = (error as ConfigError).issues;
    expect(issues.map((i) => i.variable)).toContain(variable);
    expect((error as Error).message).toContain(`${variable}:`);
    expect(issues.find((i) => i.variable === variable)!.message).toMatch(message);
  });

  it("reports every bad variable at once", () => {
    expect(() => parseConfig({ PORT: "x", DATABASE_URL: "y" })).toThrow(/PORT[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PORT/);
  });
});
