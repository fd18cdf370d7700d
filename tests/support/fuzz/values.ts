import type { Prng } from "./prng";
import type { JsonSchema } from "./operations";

/** Strings that have broken parsers, databases and renderers before. */
export const NASTY_STRINGS: readonly string[] = [
  "",
  " ",
  "\t\r\n",
  "\u0000",
  "a\u0000b",
  "\u0000\u0000\u0000",
  "\ud800",
  "x\udfffy",
  "😀",
  "👩🏽‍🚀👨‍👩‍👧‍👦",
  "𝕳𝖊𝖑𝖑𝖔",
  "\u202eevil\u202c",
  "Z̤͔ͧ̑̓ä͖̭̈̇lͮ̒ͫǧ̗͚̚o̙̔ͮ̇͐̇",
  "\ufeffbom",
  "zero\u200bwidth",
  "İstanbul",
  "ß",
  "ǅemal",
  "ﷺ",
  "日本語のテキスト",
  "مرحبا",
  "null",
  "undefined",
  "NaN",
  "true",
  "0",
  "-1",
  "1e309",
  "0x10",
  "../../../etc/passwd",
  "..\\..\\windows",
  "%00",
  "%2F%2e%2e",
  "<script>alert(1)</script>",
  "'; drop table verifications; --",
  "' or '1'='1",
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "\\",
  '"',
  "'",
  "`",
  "__proto__",
  "constructor",
  "toString",
  "hasOwnProperty",
  "\u0085next-line",
  "line\u2028separator",
  "\x7f\x1b[31m",
  "a@b",
  "@",
  "a@b.c@d.e",
  "https://",
  "javascript:alert(1)",
  "file:///etc/passwd",
  "http://169.254.169.254/latest/meta-data/",
  "http://[::1]:1/",
  "http://0x7f.1/",
  "+447700900123",
  "+0",
  "9999-99-99",
  "0000-00-00",
  "2024-02-30",
  "1990-01-31T00:00:00Z",
  "2026-11-21T10:00:00.000Z",
  "-000001-01-01T00:00:00Z",
  "+275760-09-13T00:00:00.000Z",
  "SW1A 2AA",
  "sw1a2aa",
  "111",
  "sl_sandbox_001",
  "[]",
  "{}",
  '{"a":',
  '["AML",',
  '["AML","AML","AML"]',
  '["bogus"]',
  "[null]",
  '{"aml":-1,"online_footprint":1000}',
  '{"aml":"x"}',
];

const ALPHABETS = ["a", "é", "😀", "\u0000", "%", "/", "日", "\ud800", " ", "\n"];

/** A long string: up to a megabyte, of one character or of random unicode. */
export function hugeString(rng: Prng): string {
  const length = rng.pick([257, 1_001, 10_001, 100_001, 1_000_001]);
  if (rng.chance(0.7))
    return rng
      .pick(ALPHABETS)
      .repeat(Math.ceil(length / 2))
      .slice(0, length);
  return unicodeString(rng, Math.min(length, 20_000));
}

/** Random code points from every plane, surrogates and controls included. */
export function unicodeString(rng: Prng, length = rng.int(1, 40)): string {
  let out = "";
  for (let i = 0; i < length; i++) {
    const range = rng.pick([
      [0, 0x1f],
      [0x20, 0x7e],
      [0x80, 0x2ff],
      [0x300, 0x36f],
      [0x590, 0x6ff],
      [0x2000, 0x206f],
      [0x4e00, 0x9fff],
      [0xd800, 0xdfff],
      [0xe000, 0xf8ff],
      [0xfff0, 0xffff],
      [0x1f300, 0x1faff],
      [0x10000, 0x10ffff],
    ] as const);
    out += String.fromCodePoint(rng.int(range[0], range[1]));
  }
  return out;
}

/** A nasty, huge or random-unicode string. */
export function oddString(rng: Prng): string {
  return rng.weighted<() => string>([
    [6, () => rng.pick(NASTY_STRINGS)],
    [2, () => hugeString(rng)],
    [3, () => unicodeString(rng)],
  ])();
}

/** A JSON value of some type the schema does not want. */
export function wrongTypeValue(rng: Prng, schema: JsonSchema): unknown {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const candidates: (readonly [string, () => unknown])[] = [
    ["string", () => oddString(rng)],
    ["number", () => rng.pick([0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 101, 1e21])],
    ["integer", () => rng.pick([0, -1, 2 ** 31, 2 ** 63])],
    ["boolean", () => rng.chance(0.5)],
    ["null", () => null],
    ["array", () => rng.pick([[], [1, 2], [null], ["a"], [[[]]], [{}]])],
    // Parsed, so `__proto__` is an own key that JSON.stringify sends.
    ["object", () => JSON.parse(rng.pick(["{}", '{"a":1}', '{"__proto__":{"polluted":true}}', '{"constructor":{"prototype":{"x":1}}}']))],
    ["deep", () => deepNest(rng.int(50, 1500), rng.chance(0.5))],
  ];
  const others = candidates.filter(
    ([t]) => t !== type && !(t === "integer" && type === "number") && !(t === "number" && type === "integer"),
  );
  return rng.pick(others)[1]();
}

export function deepNest(depth: number, arrays: boolean): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = arrays ? [value] : { a: value };
  return value;
}

/** A valid value of a field: first what the fuzz run says is meaningful, then the schema. */
export type Hints = Record<string, (rng: Prng, schema: JsonSchema) => unknown>;

export function validValue(rng: Prng, schema: JsonSchema, name: string, hints: Hints, resolve: (s: JsonSchema) => JsonSchema): unknown {
  const resolved = resolve(schema);
  const hint = hints[name];
  if (hint) {
    const value = hint(rng, resolved);
    if (value !== undefined) return value;
  }
  if (resolved.enum) return rng.pick(resolved.enum);
  if (resolved.const !== undefined) return resolved.const;
  const options = resolved.anyOf ?? resolved.oneOf;
  if (options) return validValue(rng, rng.pick(options), name, hints, resolve);
  const type = Array.isArray(resolved.type) ? resolved.type.find((t) => t !== "null") : resolved.type;
  switch (type) {
    case "boolean":
      return rng.chance(0.5);
    case "integer":
    case "number": {
      const min = resolved.minimum ?? 0;
      const max = resolved.maximum ?? min + 100;
      return type === "integer" ? rng.int(min, max) : min + rng.float() * (max - min);
    }
    case "array":
      return resolved.items ? Array.from({ length: rng.int(0, 3) }, () => validValue(rng, resolved.items!, name, hints, resolve)) : [];
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set(resolved.required ?? []);
      for (const [key, child] of Object.entries(resolved.properties ?? {})) {
        if (required.has(key) || rng.chance(0.5)) out[key] = validValue(rng, child, key, hints, resolve);
      }
      return out;
    }
    default:
      return validString(rng, resolved);
  }
}

function validString(rng: Prng, schema: JsonSchema): string {
  if (schema.format === "email") return `fuzz.${rng.int(0, 99999)}@example.com`;
  if (schema.format === "date-time") return new Date(Date.now() + rng.int(1, 30) * 86_400_000).toISOString();
  if (schema.format === "uri") return "https://example.com/return";
  if (schema.format === "binary") return "x";
  if (schema.example !== undefined && typeof schema.example === "string" && rng.chance(0.8)) return schema.example;
  if (schema.pattern === "^\\d{4}-\\d{2}-\\d{2}$") return "1990-01-31";
  const min = schema.minLength ?? 1;
  const max = Math.min(schema.maxLength ?? 20, min + 20);
  const length = rng.int(min, max);
  let out = "";
  for (let i = 0; i < length; i++) out += "abcdefghijklmnopqrstuvwxyz0123456789"[rng.int(0, 35)];
  return out;
}
