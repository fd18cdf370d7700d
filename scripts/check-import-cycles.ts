// npm run lint (after eslint): fails when our own modules import each other in a circle.
// ESLint's import/no-cycle sees static and dynamic imports but skips type-only ones; a circle
// through types still ties two modules together (the database client and its helpers once did),
// so this check follows every kind of import: static, `import type`, `export … from`,
// `await import()` and `typeof import()`. Packages are not followed.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import ts from "typescript";

export type EdgeKind = "static" | "type" | "dynamic";
export interface ImportGraph {
  files: string[];
  edges: Map<string, Map<string, EdgeKind>>;
}

const SKIP_DIRS = new Set(["node_modules", ".git", ".scratch", "test-results", "playwright-report", "data"]);

function sourceFiles(dir: string, out: string[] = []): string[] {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    if (SKIP_DIRS.has(entry.name) || entry.name.startsWith(".next") || entry.name.startsWith("data-")) continue;
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) sourceFiles(full, out);
    else if (/\.(ts|tsx|mts)$/.test(entry.name) && !entry.name.endsWith(".d.ts")) out.push(full);
  }
  return out;
}

/** Every import between the project's own TypeScript files under `root`, resolved as tsconfig.json says. */
export function readImportGraph(root: string): ImportGraph {
  const configFile = ts.findConfigFile(root, ts.sys.fileExists, "tsconfig.json");
  const options = configFile
    ? ts.parseJsonConfigFileContent(ts.readConfigFile(configFile, ts.sys.readFile).config, ts.sys, root).options
    : {};
  const cache = ts.createModuleResolutionCache(root, (name) => name, options);
  const files = sourceFiles(root);
  const own = new Set(files);
  const edges = new Map<string, Map<string, EdgeKind>>();
  for (const file of files) {
    const text = fs.readFileSync(file, "utf8");
    const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, file.endsWith("x") ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const out = new Map<string, EdgeKind>();
    const add = (specifier: string, kind: EdgeKind) => {
      const resolved = ts.resolveModuleName(specifier, file, options, ts.sys, cache).resolvedModule?.resolvedFileName;
      if (!resolved || !own.has(path.resolve(resolved))) return;
      const target = path.resolve(resolved);
      // A value edge outranks a type edge between the same two files.
      if (out.get(target) !== "static") out.set(target, kind);
    };
    const visit = (node: ts.Node) => {
      if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
        const clause = node.importClause;
        const named = clause?.namedBindings;
        const typeOnly =
          !!clause &&
          (clause.isTypeOnly ||
            (!clause.name &&
              !!named &&
              ts.isNamedImports(named) &&
              named.elements.length > 0 &&
              named.elements.every((e) => e.isTypeOnly)));
        add(node.moduleSpecifier.text, typeOnly ? "type" : "static");
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        add(node.moduleSpecifier.text, node.isTypeOnly ? "type" : "static");
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        add(node.arguments[0].text, "dynamic");
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument) && ts.isStringLiteral(node.argument.literal)) {
        add(node.argument.literal.text, "type");
      }
      ts.forEachChild(node, visit);
    };
    visit(sf);
    edges.set(file, out);
  }
  return { files, edges };
}

/** The graph's circles: each strongly connected set of two or more files (Tarjan), files sorted. */
export function findCycles(graph: ImportGraph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  // Iterative, so a long chain of imports cannot overflow the call stack.
  for (const start of graph.files) {
    if (index.has(start)) continue;
    const work: { file: string; next: Iterator<string> }[] = [];
    const open = (file: string) => {
      index.set(file, counter);
      low.set(file, counter++);
      stack.push(file);
      onStack.add(file);
      work.push({ file, next: (graph.edges.get(file) ?? new Map()).keys() });
    };
    open(start);
    while (work.length) {
      const top = work[work.length - 1]!;
      const step = top.next.next();
      if (!step.done) {
        const to = step.value;
        if (!index.has(to)) open(to);
        else if (onStack.has(to)) low.set(top.file, Math.min(low.get(top.file)!, index.get(to)!));
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) low.set(parent.file, Math.min(low.get(parent.file)!, low.get(top.file)!));
      if (low.get(top.file) === index.get(top.file)) {
        const members: string[] = [];
        let member: string;
        do {
          member = stack.pop()!;
          onStack.delete(member);
          members.push(member);
        } while (member !== top.file);
        if (members.length > 1) cycles.push(members.sort());
      }
    }
  }
  return cycles;
}

function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const graph = readImportGraph(root);
  const cycles = findCycles(graph);
  if (cycles.length === 0) {
    console.log(`import cycles: none among ${graph.files.length} files (static, type and dynamic imports)`);
    return;
  }
  for (const members of cycles) {
    const inCycle = new Set(members);
    console.error("Import cycle:");
    for (const from of members) {
      for (const [to, kind] of graph.edges.get(from) ?? [])
        if (inCycle.has(to)) console.error(`  ${path.relative(root, from)} -> ${path.relative(root, to)} (${kind})`);
    }
  }
  console.error(`${cycles.length} import cycle(s): move what both sides read to a module neither imports back (docs/CONVENTIONS.md).`);
  process.exitCode = 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) main();
