import path from "node:path";
import { defineConfig } from "vitest/config";

const root = import.meta.dirname;

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      { find: "server-only", replacement: path.join(root, "tests/support/empty.ts") },
    ],
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    environment: "node",
    // Documents are read in the test's own thread (the pool's threads are tested on their own).
    env: { DOCUMENT_WORKERS: "0" },
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Two cores: more workers only fight over them (each PGlite is a WASM Postgres).
    maxWorkers: 2,
  },
});
