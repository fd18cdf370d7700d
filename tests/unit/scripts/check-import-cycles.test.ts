import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { findCycles, readImportGraph } from "@/scripts/check-import-cycles";

// The cycle check behind npm run lint, on a small project written here: it must see the circles
// ESLint's import/no-cycle does not (through `import type`, `typeof import()`) as well as those
// through `await import()` and the `@/` alias, and nothing where the imports run one way.

let root: string;
const write = (file: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
};
const rel = (cycles: string[][]) => cycles.map((c) => c.map((f) => path.relative(root, f)));

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "import-cycles-"));
  write("tsconfig.json", JSON.stringify({ compilerOptions: { module: "esnext", moduleResolution: "bundler", paths: { "@/*": ["./*"] } } }));
  // A circle through a type: client.ts opens, helper.ts reads its type.
  write("db/client.ts", `import { helper } from "./helper";\nexport type Db = { q: string };\nexport const open = () => helper;\n`);
  write("db/helper.ts", `import type { Db } from "./client";\nexport const helper = (db: Db) => db.q;\n`);
  // A circle through a dynamic import and the alias.
  write("hosted/record.ts", `export async function record() { return (await import("@/vouch/settle")).settle; }\n`);
  write("vouch/settle.ts", `import { record } from "../hosted/record";\nexport const settle = record;\n`);
  // A circle through typeof import().
  write(
    "risk/engine.ts",
    `import { provider } from "./provider";\nexport interface Subject { id: string }\nexport const engine = provider;\n`,
  );
  write("risk/provider.ts", `export const provider = (s: typeof import("./engine") extends never ? never : { id: string }) => s.id;\n`);
  // One way only, and a package import: no circle.
  write("one/a.ts", `import { b } from "./b";\nimport { z } from "zod";\nexport const a = [b, z];\n`);
  write("one/b.ts", `export type { Subject } from "../risk/engine";\nexport const b = 1;\n`);
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it("finds each circle, whatever kind of import closes it, and none where imports run one way", () => {
  const graph = readImportGraph(root);
  expect(graph.files).toHaveLength(8);
  const cycles = rel(findCycles(graph)).sort((x, y) => x[0]!.localeCompare(y[0]!));
  expect(cycles).toEqual([
    ["db/client.ts", "db/helper.ts"],
    ["hosted/record.ts", "vouch/settle.ts"],
    ["risk/engine.ts", "risk/provider.ts"],
  ]);
});

it("labels the edge kinds it follows", () => {
  const graph = readImportGraph(root);
  const edge = (from: string, to: string) => graph.edges.get(path.join(root, from))?.get(path.join(root, to));
  expect(edge("db/helper.ts", "db/client.ts")).toBe("type");
  expect(edge("db/client.ts", "db/helper.ts")).toBe("static");
  expect(edge("hosted/record.ts", "vouch/settle.ts")).toBe("dynamic");
  expect(edge("one/b.ts", "risk/engine.ts")).toBe("type");
  expect(graph.edges.get(path.join(root, "one/a.ts"))?.size).toBe(1);
});
