import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { createTranslator } from "next-intl";
import { describe, expect, it } from "vitest";
import { LOCALES } from "@/i18n/locales";

const dir = path.join(import.meta.dirname, "../../../messages");
const files = readdirSync(dir).filter((f) => f.endsWith(".json"));
const catalogs = Object.fromEntries(
  files.map((f) => [f.replace(/\.json$/, ""), JSON.parse(readFileSync(path.join(dir, f), "utf8")) as unknown]),
);

/** Every leaf as "a.b.c" → message. */
function flatten(value: unknown, prefix = ""): Map<string, string> {
  const out = new Map<string, string>();
  if (typeof value === "string") out.set(prefix, value);
  else if (value && typeof value === "object")
    for (const [k, v] of Object.entries(value)) for (const [kk, vv] of flatten(v, prefix ? `${prefix}.${k}` : k)) out.set(kk, vv);
  else throw new Error(`${prefix}: not a string or object`);
  return out;
}

/** The arguments a message uses, with the options of its selects (a translation must use the same). */
function argumentsOf(elements: MessageFormatElement[], into = new Set<string>()): Set<string> {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) into.add(el.value);
    if (el.type === TYPE.select) {
      into.add(`${el.value}:select(${Object.keys(el.options).sort().join(",")})`);
      for (const o of Object.values(el.options)) argumentsOf(o.value, into);
    }
    if (el.type === TYPE.plural) {
      into.add(`${el.value}:plural`);
      for (const o of Object.values(el.options)) argumentsOf(o.value, into);
    }
    if (el.type === TYPE.tag) {
      into.add(`<${el.value}>`);
      argumentsOf(el.children, into);
    }
  }
  return into;
}

const english = flatten(catalogs.en);

describe("hosted flow messages", () => {
  it("has a message file for every locale the app offers, and no other", () => {
    expect(Object.keys(catalogs).sort()).toEqual([...LOCALES].sort());
    expect(english.size).toBeGreaterThan(150);
  });

  for (const locale of LOCALES) {
    const messages = flatten(catalogs[locale]);

    it(`${locale}: has every key English has, and none it lacks`, () => {
      const missing = [...english.keys()].filter((k) => !messages.has(k));
      const extra = [...messages.keys()].filter((k) => !english.has(k));
      expect({ missing, extra }).toEqual({ missing: [], extra: [] });
    });

    it(`${locale}: every message is valid ICU, non-empty, and uses the same arguments as English`, () => {
      const problems: string[] = [];
      for (const [key, text] of messages) {
        if (!text.trim()) problems.push(`${key}: empty`);
        let ast: MessageFormatElement[];
        try {
          ast = parse(text, { requiresOtherClause: true });
        } catch (error) {
          problems.push(`${key}: ${(error as Error).message}`);
          continue;
        }
        const reference = english.get(key);
        if (reference === undefined) continue;
        const expected = [...argumentsOf(parse(reference))].sort();
        const actual = [...argumentsOf(ast)].sort();
        if (expected.join("|") !== actual.join("|"))
          problems.push(`${key}: arguments ${actual.join(", ")} ≠ English ${expected.join(", ")}`);
        if (locale !== "en" && text === reference && /[a-z]{4,}/i.test(text.replace(/\{[^}]*\}/g, "")))
          problems.push(`${key}: not translated`);
      }
      expect(problems).toEqual([]);
    });

    it(`${locale}: formats through next-intl with sample values`, () => {
      const errors: string[] = [];
      const t = createTranslator({ locale, messages: catalogs[locale] as Record<string, unknown>, onError: (e) => errors.push(e.message) });
      const values = {
        team: "Acme",
        count: 2,
        seconds: 3,
        percent: 40,
        current: 1,
        total: 3,
        step: "x",
        number: 1,
        side: "front",
        document: "passport",
        referee: "Grace",
        person: "Ada",
        value: "10 Downing Street",
      };
      for (const key of messages.keys()) expect(typeof t(key as never, values as never)).toBe("string");
      expect(errors).toEqual([]);
    });
  }

  it("a message file missing a key or with a broken ICU message is caught by the same checks", () => {
    const broken = new Map(english);
    broken.delete("hosted.common.continue");
    expect([...english.keys()].filter((k) => !broken.has(k))).toEqual(["hosted.common.continue"]);
    expect(() => parse("{count, plural, one {# go}")).toThrow();
    expect(() => parse("{count, plural, one {# go}}", { requiresOtherClause: true })).toThrow();
  });
});
