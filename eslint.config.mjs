import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

// The onboarding app is a client of the service: it reaches it over HTTP (lib/client, lib/contract)
// and never imports the service's code or tables (ARCHITECTURE: one boundary).
const serviceInternals = {
  patterns: [
    { group: ["@/lib/server", "@/lib/server/*", "**/lib/server", "**/lib/server/*", "../server", "../server/*"], message: "The onboarding side reaches the service only over HTTP through lib/client." },
    { group: ["@/lib/db/schema", "@/lib/db/schema/*", "**/lib/db/schema", "**/lib/db/schema/*", "../db/schema", "../db/schema/*"], message: "The onboarding side keeps its own tables in lib/onboarding/schema.ts." },
  ],
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next*/**", "node_modules/**", "data/**", "data-*/**", "test-results/**", "playwright-report/**", "next-env.d.ts", "lib/db/migrations/**"]),
  {
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
    },
  },
  {
    files: ["lib/onboarding/**", "app/(onboarding)/**", "components/onboarding/**"],
    rules: { "no-restricted-imports": ["error", serviceInternals] },
  },
  {
    // Components get data from server components, actions or queries, never from the database.
    files: ["components/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["@/lib/server", "@/lib/server/*", "@/lib/db", "@/lib/db/*"], message: "Components never import lib/db or lib/server." }] },
      ],
    },
  },
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
