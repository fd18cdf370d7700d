// Acceptance-gate policies replayed over mrz-readers-dump.ts output: rates and false accepts per variant
//   npx tsx scripts/documents/mrz-gate-eval.ts  (IN=/tmp/readers.json, LIST=clean to name the refused)
import { readFileSync } from "node:fs";
import { acceptMrz } from "../../lib/server/documents/mrz/accept-mrz";
import type { MrzReading } from "../../lib/server/documents/types";

type Try = {
  up: boolean;
  found: boolean;
  format?: "TD1" | "TD2" | "TD3";
  wrongType?: boolean;
  template?: MrzReading;
  cells?: MrzReading;
  tess?: MrzReading | null;
};
type Doc = { id: string; variant: string; kind: string; truth: string[]; tries: Try[] };
const docs = JSON.parse(readFileSync(process.env.IN ?? "/tmp/readers.json", "utf8")) as Doc[];
const now = new Date("2026-11-24T12:00:00Z");
const CODES: Record<string, RegExp> = { passport: /^P/, national_id: /^[IAC]/ };

type Policy = (t: Try) => string[] | null;
const pair =
  (second: "tess" | "cells"): Policy =>
  (t) => {
    const d = acceptMrz(t.format!, t.template!, (t[second] as MrzReading | null) ?? null, now);
    return d.accepted ? d.lines : null;
  };
const either: Policy = (t) => {
  const a = pair("tess")(t);
  const b = pair("cells")(t);
  if (a && b) return a.join() === b.join() ? a : null;
  return a ?? b;
};
const policies: Record<string, Policy> = { tess: pair("tess"), cells: pair("cells"), either };

for (const [name, policy] of Object.entries(policies)) {
  const stats = new Map<string, { n: number; ok: number; bad: number }>();
  for (const doc of docs) {
    const s = stats.get(doc.variant) ?? { n: 0, ok: 0, bad: 0 };
    stats.set(doc.variant, s);
    s.n++;
    for (const t of doc.tries) {
      if (!t.found || t.wrongType || !t.template) continue;
      const lines = policy(t);
      if (lines && CODES[doc.kind]!.test(lines[0]!)) {
        if (lines.join("\n") === doc.truth.join("\n")) s.ok++;
        else {
          s.bad++;
          console.log(`  ${name} FALSE ACCEPT ${doc.id}: ${lines.join("|")} vs ${doc.truth.join("|")}`);
        }
        break;
      }
    }
  }
  console.log(name, [...stats].map(([v, s]) => `${v} ${((100 * s.ok) / s.n).toFixed(1)}% (${s.ok}/${s.n}) false ${s.bad}`).join(" · "));
}
// The cells reader alone: how often fully right when located.
const alone = new Map<string, [number, number]>();
for (const doc of docs) {
  const t = doc.tries.find((x) => x.found && x.template && x.cells && x.cells.lines.join() === doc.truth.join());
  const tt = doc.tries.find((x) => x.found && x.template && x.template.lines.join() === doc.truth.join());
  const a = alone.get(doc.variant) ?? [0, 0];
  if (t) a[0]++;
  if (tt) a[1]++;
  alone.set(doc.variant, a);
}
console.log("fully right (cells / template, raw, before position classes):", [...alone].map(([v, [c, t]]) => `${v} ${c}/${t}`).join(" · "));
if (process.env.LIST) {
  for (const doc of docs.filter((d) => d.variant === process.env.LIST)) {
    const ok = doc.tries.some((t) => t.found && !t.wrongType && t.template && either(t)?.join("\n") === doc.truth.join("\n"));
    if (!ok)
      console.log(
        "not accepted:",
        doc.id,
        doc.tries.map((t) => (t.found ? (t.wrongType ? `wrongtype ${t.format}` : `${t.format} up=${t.up}`) : "notfound")).join(" / "),
      );
  }
}
