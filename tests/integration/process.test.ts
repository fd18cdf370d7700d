import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

// These start the real entry points (server.ts, scripts/migrate.ts) as separate processes.
const root = path.resolve(import.meta.dirname, "../..");
const tsx = path.join(root, "node_modules/.bin/tsx");
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })));

function run(script: string, env: Record<string, string>) {
  return spawnSync(tsx, [script], {
    cwd: root,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: "1", ...env },
    encoding: "utf8",
    timeout: 60_000,
  });
}

describe("entry points", () => {
  it("a bad DATABASE_URL stops the server with a message naming the variable", () => {
    const result = run("server.ts", { DATABASE_URL: "nonsense", PORT: "3999" });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Invalid configuration");
    expect(result.stderr).toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ connection URL \(got "nonsense"\)/);
  });

  it("npm run db:migrate creates and migrates the embedded database, then refuses a folder in use", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "idv-migrate-"));
    dirs.push(dir);
    const first = run("scripts/migrate.ts", { DATA_DIR: dir });
    expect(first.stderr).toBe("");
    expect(JSON.parse(first.stdout)).toEqual({ ok: true, database: "pglite" });
    expect(fs.existsSync(path.join(dir, "pglite", "PG_VERSION"))).toBe(true);
    expect(fs.existsSync(path.join(dir, "app.lock"))).toBe(false); // released on exit

    // Another process holds the folder: the migrator must not open it beside that process.
    const holder = spawn(process.execPath, ["-e", "setTimeout(() => {}, 30000)"], { stdio: "ignore" });
    try {
      fs.writeFileSync(path.join(dir, "app.lock"), String(holder.pid));
      const second = run("scripts/migrate.ts", { DATA_DIR: dir });
      expect(second.status).toBe(1);
      expect(second.stderr).toContain(`already in use by process ${holder.pid}`);
    } finally {
      holder.kill("SIGKILL");
    }
    // Two migrator processes, ~12 s each on an idle 2-core machine (tsx start, PGlite, every
    // migration): 30 s left no room for a busy one.
  }, 120_000);
});
