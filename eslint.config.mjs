import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";
import drizzle from "eslint-plugin-drizzle";

// The onboarding app is a client of the service: it reaches it over HTTP (lib/client, lib/contract)
// and never imports the service's code or tables (ARCHITECTURE: one boundary).
const serviceInternals = {
  patterns: [
    {
      group: ["@/lib/server", "@/lib/server/*", "**/lib/server", "**/lib/server/*", "../server", "../server/*"],
      message: "The onboarding side reaches the service only over HTTP through lib/client.",
    },
    {
      group: ["@/lib/db/schema", "@/lib/db/schema/*", "**/lib/db/schema", "**/lib/db/schema/*", "../db/schema", "../db/schema/*"],
      message: "The onboarding side keeps its own tables in lib/onboarding/schema.ts.",
    },
  ],
};

// `await import()` of our own code hides an edge from the reader (and once hid an import circle from
// the type checker): each one says why it is dynamic, in a comment on its line or above the
// statement or declaration that holds it.
const dynamicImportReason = {
  meta: {
    type: "suggestion",
    schema: [],
    messages: { reason: "Say in a comment why {{source}} is imported dynamically (or import it statically)." },
  },
  create(context) {
    const sourceCode = context.sourceCode;
    return {
      ImportExpression(node) {
        const source = node.source;
        if (source.type !== "Literal" || typeof source.value !== "string" || !/^(\.|@\/)/.test(source.value)) return;
        if (sourceCode.getAllComments().some((c) => c.loc.end.line === node.loc.start.line)) return;
        for (const ancestor of sourceCode.getAncestors(node)) {
          if (ancestor.type === "Program" || !/(Statement|Declaration)$/.test(ancestor.type)) continue;
          // One comment may explain a run of such statements (a list of lazily loaded screens).
          const siblings = Array.isArray(ancestor.parent?.body) ? ancestor.parent.body : [ancestor];
          for (
            let i = siblings.indexOf(ancestor);
            i >= 0 && (i === siblings.indexOf(ancestor) || /\bimport\(/.test(sourceCode.getText(siblings[i])));
            i--
          ) {
            if (sourceCode.getCommentsBefore(siblings[i]).length > 0) return;
          }
        }
        context.report({ node, messageId: "reason", data: { source: source.value } });
      },
    };
  },
};

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    ".next*/**",
    "node_modules/**",
    "data/**",
    "data-*/**",
    "test-results/**",
    "playwright-report/**",
    "next-env.d.ts",
    "lib/db/migrations/**",
    ".scratch/**",
  ]),
  {
    plugins: { drizzle },
    rules: {
      "drizzle/enforce-delete-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "drizzle/enforce-update-with-where": ["error", { drizzleObjectName: ["db", "tx"] }],
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
    },
  },
  {
    plugins: { verity: { rules: { "dynamic-import-reason": dynamicImportReason } } },
    // The cycle rule follows our imports only: packages are neither parsed nor followed.
    settings: { "import/ignore": ["node_modules"] },
    rules: {
      // No import circles, dynamic imports included (a circle through `await import()` is still one).
      // Type-only imports are not followed by this rule: scripts/check-import-cycles.ts (npm run lint) sees those too.
      "import/no-cycle": ["error", { ignoreExternal: true }],
      "verity/dynamic-import-reason": "error",
    },
  },
  {
    // The document engine has one door, lib/server/documents/index.ts. Liveness is exempt: it is the
    // selfie task inside the engine pool (its face-match thresholds come with it); so is the engine
    // pool's task table (lib/server/engines), whose threads run the engine itself; tests and the
    // engine's own tooling (scripts/documents) test and tune its parts.
    files: ["**/*.{ts,tsx,mts}"],
    ignores: ["lib/server/documents/**", "lib/server/liveness/**", "lib/server/engines/**", "tests/**", "scripts/documents/**"],
    rules: {
      "import/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./",
              from: "./lib/server/documents",
              except: ["./index.ts"],
              message: "Reach the document engine through lib/server/documents (its index.ts) only.",
            },
          ],
        },
      ],
    },
  },
  {
    // The tenant filter is written one way (lib/server/shared/tenant.ts), so a query without it stands out.
    files: ["lib/**/*.{ts,tsx}", "app/**/*.{ts,tsx}", "scripts/**/*.ts"],
    ignores: ["lib/server/shared/tenant.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.name='eq'][arguments.0.type='MemberExpression'][arguments.0.property.name='teamId']",
          message: "Scope by tenant with ofTenant(table, tenant) or ofTeam(table, teamId) from lib/server/shared/tenant.",
        },
      ],
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
        {
          patterns: [
            {
              group: ["@/lib/server", "@/lib/server/*", "@/lib/db", "@/lib/db/*"],
              message: "Components never import lib/db or lib/server.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["tests/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
]);
