import { concat, encodeMultipart, type Part } from "./multipart";
import { fillPath, type JsonSchema, type Operation } from "./operations";
import { Prng } from "./prng";
import { deepNest, hugeString, NASTY_STRINGS, oddString, unicodeString, validValue, wrongTypeValue, type Hints } from "./values";

/** A file a fuzzed multipart request may carry. */
export interface FileSample {
  label: string;
  bytes: Uint8Array;
  /** Files the live engines would really read (slow): sent rarely. */
  readable?: boolean;
}

export interface FuzzContext {
  operations: Operation[];
  resolve: (schema: JsonSchema) => JsonSchema;
  /** Meaningful valid values by field name (emails that decide sandbox outcomes, workflow ids, a receiver URL…). */
  hints: Hints;
  /** Ids worth trying in a path template's parameters, by template (canned, created, other team's). */
  idsFor: (template: string, mode: Mode) => string[];
  tokens: Record<Mode, string>;
  files: FileSample[];
}

export type Mode = "sandbox" | "live";

/** One generated request, ready for `app.fetch`. */
export interface FuzzRequest {
  index: number;
  operation: Operation;
  mode: Mode;
  method: string;
  /** Path and query, encoded as sent. */
  url: string;
  headers: Record<string, string>;
  body?: Uint8Array;
  /** What was done to the valid request. */
  mutations: string[];
}

interface Draft {
  method: string;
  path: string;
  query: string;
  headers: Record<string, string>;
  json?: { value: unknown };
  parts?: Part[];
  raw?: Uint8Array;
  contentType?: string | null;
  boundary: string;
  mutations: string[];
}

const encoder = new TextEncoder();
const utf8 = (text: string) => encoder.encode(text);

/** The request number `index` of the run with `seed`: the same pair always gives the same request. */
export function generateRequest(ctx: FuzzContext, seed: number, index: number): FuzzRequest {
  const rng = new Prng(seed, index);
  const operation = ctx.operations[index % ctx.operations.length]!;
  const mode: Mode = rng.chance(0.5) ? "sandbox" : "live";
  const draft = validDraft(ctx, rng, operation, mode);
  const rounds = rng.weighted([
    [1, 0],
    [6, 1],
    [2, 2],
  ] as const);
  for (let i = 0; i < rounds; i++) mutate(ctx, rng, operation, mode, draft);
  return finish(index, operation, mode, draft);
}

function validDraft(ctx: FuzzContext, rng: Prng, op: Operation, mode: Mode): Draft {
  const ids = ctx.idsFor(op.template, mode);
  const pathValues: Record<string, string> = {};
  for (const param of op.pathParams)
    pathValues[param.name] = encodeURIComponent(
      ids.length ? rng.pick(ids) : String(validValue(rng, param.schema, param.name, ctx.hints, ctx.resolve)),
    );
  const query = new URLSearchParams();
  for (const param of op.query) {
    if (param.required || rng.chance(0.4))
      query.append(param.name, String(validValue(rng, param.schema, param.name, ctx.hints, ctx.resolve)));
  }
  const headers: Record<string, string> = {};
  if (op.secured) headers.authorization = `Bearer ${ctx.tokens[mode]}`;
  const draft: Draft = {
    method: op.method,
    path: fillPath(op.template, pathValues),
    query: query.toString(),
    headers,
    boundary: `----fuzz${rng.int(0, 1e9)}`,
    mutations: [],
  };
  if (op.body?.kind === "json") draft.json = { value: validValue(rng, op.body.schema, "body", ctx.hints, ctx.resolve) };
  if (op.body?.kind === "multipart") draft.parts = validParts(ctx, rng, op.body.schema, mode);
  return draft;
}

function isFileField(schema: JsonSchema): boolean {
  return schema.format === "binary";
}

function validParts(ctx: FuzzContext, rng: Prng, schema: JsonSchema, mode: Mode): Part[] {
  const parts: Part[] = [];
  const required = new Set(schema.required ?? []);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    if (!required.has(name) && !rng.chance(0.4)) continue;
    if (isFileField(child)) parts.push(filePart(ctx, rng, name, mode));
    else parts.push({ name, data: String(validValue(rng, child, name, ctx.hints, ctx.resolve)) });
  }
  return parts;
}

function filePart(ctx: FuzzContext, rng: Prng, name: string, mode: Mode): Part {
  // Files the live engines really read are slow (OCR, face model): one live request in fifty
  // carries one; sandbox only checks them, so it gets them often and answers past the checks.
  const pool = ctx.files.filter((f) => !f.readable);
  const readable = ctx.files.filter((f) => f.readable);
  const file = readable.length && rng.chance(mode === "live" ? 0.02 : 0.4) ? rng.pick(readable) : rng.pick(pool);
  return {
    name,
    filename: `${file.label}.${rng.pick(["jpg", "png", "pdf", "bin", ""])}`,
    contentType: rng.pick(["image/jpeg", "image/png", "application/pdf", "application/octet-stream", "text/plain"]),
    data: file.bytes,
  };
}

// ---------------------------------------------------------------------------------------------
// Mutations

function mutate(ctx: FuzzContext, rng: Prng, op: Operation, mode: Mode, draft: Draft): void {
  const families: (readonly [number, () => void])[] = [
    [op.pathParams.length ? 14 : 3, () => mutatePath(ctx, rng, op, mode, draft)],
    [op.query.length ? 12 : 3, () => mutateQuery(rng, op, draft)],
    [4, () => mutateHeaders(ctx, rng, mode, draft)],
    [2, () => mutateMethod(rng, draft)],
  ];
  if (draft.json) {
    families.push([30, () => mutateJsonFields(ctx, rng, op, draft)]);
    families.push([12, () => mutateJsonRaw(rng, draft)]);
    families.push([8, () => mutateContentType(rng, draft, "json")]);
  } else if (draft.parts) {
    families.push([30, () => mutateParts(ctx, rng, op, mode, draft)]);
    families.push([10, () => mutateMultipartRaw(rng, draft)]);
    families.push([8, () => mutateContentType(rng, draft, "multipart")]);
  } else if (draft.method !== "GET") {
    families.push([4, () => mutateJsonRaw(rng, draft)]);
  }
  rng.weighted(families)();
}

const ID_TRICKS = [
  "a%2Fb",
  "%2F",
  "%2f..%2f..%2fhealth",
  "..",
  "%2e%2e",
  ".",
  "%2e",
  "..%2F..%2Fapi%2Fv1%2Fhealth",
  "%ZZ",
  "%",
  "%C0%AE%C0%AE",
  "%00",
  "111%00",
  "%E2%80%AE",
  "%F0%9F%98%80",
  "%ED%A0%80",
  "%FF%FE",
  "%20111",
  "111%20",
  "111%0A",
  "%u0041",
  "sl_sandbox_001%2Fwebhooks",
  "0",
  "-1",
  "1e9",
  "00000000-0000-0000-0000-000000000000",
  "null",
  "undefined",
  "__proto__",
  "constructor",
  "%27%3B%20drop%20table%20verifications%3B--",
  "%24%7Bjndi%7D",
];

function mutatePath(ctx: FuzzContext, rng: Prng, op: Operation, mode: Mode, draft: Draft): void {
  const kind = rng.pick(op.pathParams.length ? ["id", "id", "id", "odd-id", "long-id", "structure", "other-mode-id"] : ["structure"]);
  const values = (value: string) => fillPath(op.template, Object.fromEntries(op.pathParams.map((p) => [p.name, value])));
  switch (kind) {
    case "id": {
      const value = rng.pick(ID_TRICKS);
      draft.path = values(value);
      draft.mutations.push(`path id ${JSON.stringify(value)}`);
      return;
    }
    case "odd-id": {
      const value = oddString(rng).slice(0, rng.chance(0.8) ? 200 : 20_000);
      draft.path = values(encodeURIComponent(value.replace(/[\ud800-\udfff]/g, "\ufffd")));
      draft.mutations.push(`path id odd string (${value.length} chars)`);
      return;
    }
    case "long-id": {
      const length = rng.pick([100, 101, 1000, 8000, 65_000]);
      draft.path = values(rng.pick(["x", "1", "%C3%A9"]).repeat(length));
      draft.mutations.push(`path id of ${length} repeats`);
      return;
    }
    case "other-mode-id": {
      const ids = ctx.idsFor(op.template, mode === "live" ? "sandbox" : "live");
      if (ids.length) draft.path = values(encodeURIComponent(rng.pick(ids)));
      draft.mutations.push("path id of the other mode");
      return;
    }
    default: {
      const trick = rng.pick([
        "trailing-slash",
        "double-slash",
        "upper",
        "extra-segment",
        "empty-segment",
        "dot-segment",
        "matrix",
        "fragment",
        "backslash",
      ]);
      const p = draft.path;
      draft.path = {
        "trailing-slash": `${p}/`,
        "double-slash": p.replace(/\/(?=[^/]*$)/, "//"),
        upper: p.toUpperCase(),
        "extra-segment": `${p}/${rng.pick(["x", "..", "%2e%2e", "webhooks", "acknowledge"])}`,
        "empty-segment": op.pathParams.length ? values("") : `${p}/`,
        "dot-segment": p.replace("/api/", "/api/./"),
        matrix: `${p};jsessionid=1`,
        fragment: `${p}#frag`,
        backslash: p.replace(/\/(?=[^/]*$)/, "\\"),
      }[trick]!;
      draft.mutations.push(`path ${trick}`);
    }
  }
}

const CURSOR_TIMES = [
  "2026-01-01T00:00:00.000Z",
  "-271821-04-20T00:00:00.000Z",
  "+275760-09-13T00:00:00.000Z",
  "0001-01-01T00:00:00Z",
  "0",
  "1e20",
  "2026-02-30",
  "",
  "9999-12-31T23:59:59.999+14:00",
];
const CURSOR_IDS = ["111", "", "a\u0000b", "\u0000", "x".repeat(10_000), "'; drop table verifications; --", "😀", "|", "a|b"];

function mutateQuery(rng: Prng, op: Operation, draft: Draft): void {
  const params = new URLSearchParams(draft.query);
  const name = op.query.length ? rng.pick(op.query).name : rng.pick(["limit", "cursor", "status", "x"]);
  const kind = rng.pick(["value", "value", "value", "repeat", "unknown", "raw", "huge", "array", "empty", "cursor"]);
  switch (kind) {
    case "cursor": {
      // A cursor in the shape the lists issue, with parts no list would issue.
      const text = rng.chance(0.7)
        ? `${rng.pick(CURSOR_TIMES)}|${rng.pick(CURSOR_IDS)}`
        : `seq:${rng.pick(["0", "-1", "999999999999999999", "9".repeat(30), "1e5", ""])}`;
      params.set("cursor", Buffer.from(text).toString("base64url"));
      draft.query = params.toString();
      draft.mutations.push(`query cursor of ${JSON.stringify(text.slice(0, 80))}`);
      return;
    }
    case "value": {
      const value = rng.pick([
        "abc",
        "-1",
        "0",
        "101",
        "1.5",
        "1e2",
        "",
        " 5",
        "0x10",
        "Infinity",
        "NaN",
        "9".repeat(400),
        "true",
        () => oddString(rng),
        () => Buffer.from(unicodeString(rng)).toString("base64"),
        () => Buffer.from(JSON.stringify({ createdAt: "x", id: "y" })).toString("base64url"),
        () => Buffer.from(`${rng.int(0, 1e9)}|' or 1=1 --`).toString("base64url"),
        "MjAyNi0wMS0wMVQwMDowMDowMFp8MTEx",
        "eyJ0IjoiMjAyNi0wMS0wMSIsImlkIjoiMSJ9",
      ]);
      const text = typeof value === "function" ? value() : value;
      params.set(name, text.replace(/[\ud800-\udfff]/g, "\ufffd"));
      draft.query = params.toString();
      draft.mutations.push(`query ${name}=${JSON.stringify(text.slice(0, 60))}${text.length > 60 ? `… (${text.length} chars)` : ""}`);
      return;
    }
    case "repeat":
      params.append(name, "1");
      params.append(name, "2");
      draft.query = params.toString();
      draft.mutations.push(`query ${name} repeated`);
      return;
    case "unknown":
      params.append(rng.pick(["x", "__proto__", "constructor[prototype][x]", "limit[]", "%00", "😀"]), "1");
      draft.query = params.toString();
      draft.mutations.push("query unknown parameter");
      return;
    case "raw": {
      const raw = rng.pick([
        "%",
        "%ZZ=1",
        `${name}=%`,
        `${name}=%ZZ`,
        `${name}=%00`,
        `${name}=%ED%A0%80`,
        "&&&",
        "=",
        `${name}`,
        `${name}==`,
        `${name}=a=b`,
        `${name}=%FF%FE`,
        "a=1;b=2",
        `${name}=%2B1`,
      ]);
      draft.query = draft.query ? `${draft.query}&${raw}` : raw;
      draft.mutations.push(`query raw ${JSON.stringify(raw)}`);
      return;
    }
    case "huge":
      params.set(name, "q".repeat(rng.pick([1_000, 100_000])));
      draft.query = params.toString();
      draft.mutations.push(`query ${name} huge`);
      return;
    case "array":
      draft.query = `${draft.query}&${name}[]=1&${name}[0]=2`;
      draft.mutations.push(`query ${name}[] array style`);
      return;
    default:
      draft.query = `${name}=`;
      draft.mutations.push(`query ${name} empty`);
  }
}

function mutateHeaders(ctx: FuzzContext, rng: Prng, mode: Mode, draft: Draft): void {
  const kind = rng.pick(["no-auth", "bad-auth", "other-mode-token", "request-id", "accept", "forwarded", "client-ip"]);
  draft.mutations.push(`header ${kind}`);
  switch (kind) {
    case "no-auth":
      delete draft.headers.authorization;
      return;
    case "bad-auth":
      draft.headers.authorization = rng.pick([
        "Bearer",
        "Bearer ",
        "Basic YTpi",
        `bearer   ${ctx.tokens[mode]}   `,
        `Bearer ${ctx.tokens[mode]} extra`,
        `Bearer ${ctx.tokens[mode]}x`,
        "Bearer \u00ff",
        `Bearer ${"a".repeat(5000)}`,
        "Bearer null",
        `Token ${ctx.tokens[mode]}`,
      ]);
      return;
    case "other-mode-token":
      draft.headers.authorization = `Bearer ${ctx.tokens[mode === "live" ? "sandbox" : "live"]}`;
      return;
    case "request-id":
      draft.headers["x-request-id"] = rng.pick(["", "x".repeat(500), "../../x", "a b", "%00", "id-1"]);
      return;
    case "accept":
      draft.headers.accept = rng.pick(["text/html", "application/xml", "*/*", "", "application/json;q=0"]);
      return;
    case "forwarded":
      draft.headers["x-forwarded-proto"] = rng.pick(["https", "http", "gopher", ""]);
      draft.headers["x-forwarded-for"] = rng.pick(["1.2.3.4", "not an ip", "::1, 10.0.0.1", "", "999.999.999.999"]);
      return;
    default:
      draft.headers["x-verity-client-ip"] = rng.pick(["1.2.3.4", "not an ip", "::1", "", "x".repeat(1000)]);
  }
}

function mutateMethod(rng: Prng, draft: Draft): void {
  const method = rng.pick(["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"].filter((m) => m !== draft.method));
  draft.mutations.push(`method ${method}`);
  draft.method = method;
}

/** Walks into nested objects of the body to a random place. */
function pickTarget(
  rng: Prng,
  value: Record<string, unknown>,
  schema: JsonSchema,
  resolve: FuzzContext["resolve"],
): { holder: Record<string, unknown>; schema: JsonSchema; path: string } {
  let holder = value;
  let current = resolve(schema);
  let path = "";
  for (let depth = 0; depth < 3; depth++) {
    const nested = Object.entries(current.properties ?? {}).filter(
      ([key, child]) => resolve(child).type === "object" && holder[key] && typeof holder[key] === "object" && !Array.isArray(holder[key]),
    );
    if (!nested.length || !rng.chance(0.3)) break;
    const [key, child] = rng.pick(nested);
    holder = holder[key] as Record<string, unknown>;
    current = resolve(child);
    path += `${key}.`;
  }
  return { holder, schema: current, path };
}

function mutateJsonFields(ctx: FuzzContext, rng: Prng, op: Operation, draft: Draft): void {
  const body = draft.json!.value;
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    draft.json = { value: wrongTypeValue(rng, { type: "object" }) };
    draft.mutations.push("body replaced");
    return;
  }
  const { holder, schema, path } = pickTarget(rng, body as Record<string, unknown>, op.body!.schema, ctx.resolve);
  const properties = Object.entries(schema.properties ?? {});
  const kind = rng.pick([
    "drop",
    "drop",
    "extra",
    "wrong-type",
    "wrong-type",
    "odd",
    "odd",
    "odd",
    "at-limit",
    "edge",
    "null",
    "whole-body",
  ]);
  const [key, child] = properties.length ? rng.pick(properties) : ["x", {} as JsonSchema];
  switch (kind) {
    case "drop": {
      const present = Object.keys(holder);
      const dropped = present.length ? rng.pick(present) : key;
      delete holder[dropped];
      draft.mutations.push(`drop ${path}${dropped}`);
      return;
    }
    case "extra": {
      const name = rng.pick([
        "extra",
        "__proto__",
        "constructor",
        "prototype",
        "",
        "😀",
        "a.b",
        "EMAIL",
        `${key} `,
        oddString(rng).slice(0, 50),
      ]);
      if (name === "__proto__")
        Object.defineProperty(holder, "__proto__", { value: { polluted: true }, enumerable: true, configurable: true, writable: true });
      else holder[name] = rng.chance(0.5) ? oddString(rng) : wrongTypeValue(rng, {});
      draft.mutations.push(`extra field ${path}${JSON.stringify(name)}`);
      return;
    }
    case "wrong-type":
      holder[key] = wrongTypeValue(rng, ctx.resolve(child));
      draft.mutations.push(`wrong type for ${path}${key}`);
      return;
    case "odd":
      holder[key] = oddString(rng);
      draft.mutations.push(`odd string in ${path}${key}`);
      return;
    case "at-limit": {
      // As long as the schema allows, in characters that take four bytes each.
      const max = ctx.resolve(child).maxLength ?? 1000;
      holder[key] = rng
        .pick(["😀", "a", "é", "日"])
        .repeat(max)
        .slice(0, max + (rng.chance(0.5) ? 0 : 1));
      draft.mutations.push(`${path}${key} at its length limit`);
      return;
    }
    case "edge":
      holder[key] = rng.pick(EDGE_VALUES);
      draft.mutations.push(`edge value in ${path}${key}`);
      return;
    case "null":
      holder[key] = null;
      draft.mutations.push(`null ${path}${key}`);
      return;
    default:
      draft.json = { value: rng.pick([null, [], [body], "body", 42, true, deepNest(rng.int(10, 1500), rng.chance(0.5))]) };
      draft.mutations.push("whole body of another type");
  }
}

/** Values a schema may well accept that sit at the edge of what the code behind it handles. */
const EDGE_VALUES: readonly unknown[] = [
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "0001-01-01",
  "9999-12-31",
  "1900-02-29",
  "2000-02-29",
  "0001-01-01T00:00:00Z",
  "9999-12-31T23:59:59.999Z",
  "1970-01-01T00:00:00+14:00",
  "2026-01-01T00:00:00.123456789Z",
  "+275760-09-13T00:00:00.000Z",
  "a@b.co",
  `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(63)}.com`,
  "user+review+reject@example.com",
  '"quoted"@example.com',
  "https://example.com/" + "p".repeat(2000),
  "https://user:pass@example.com/",
  "https://[::1]/",
  "https://xn--80ak6aa92e.com/",
  "http://example.com:65535/",
  "http://example.com:0/",
  0,
  100,
  -0,
  1e-7,
  Number.MAX_SAFE_INTEGER,
];

const BAD_JSON = [
  "",
  " ",
  "{",
  "}",
  '{"email":',
  "{'email':'a@b.c'}",
  "{email:1}",
  "[1,]",
  '{"a":1,}',
  "NaN",
  "undefined",
  "\u0000",
  '{"a":"\\u0000"}',
  '{"a":"\\ud800"}',
  '{"a":"\\x41"}',
  '{"a":1e999999}',
  '{"a":-}',
  '{"a":01}',
  "{}garbage",
  "{}{}",
  '{"a":1,"a":2}',
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  "null",
  "true",
  "0",
  '"string"',
  "[]",
];

function mutateJsonRaw(rng: Prng, draft: Draft): void {
  const valid = JSON.stringify(draft.json?.value ?? {});
  const kind = rng.pick(["bad", "bad", "truncate", "bom", "invalid-utf8", "deep", "duplicate", "padding"]);
  const text: Uint8Array = {
    bad: () => utf8(rng.pick(BAD_JSON)),
    truncate: () => utf8(valid.slice(0, rng.int(0, Math.max(0, valid.length - 1)))),
    bom: () => concat([new Uint8Array([0xef, 0xbb, 0xbf]), utf8(valid)]),
    "invalid-utf8": () => {
      const bytes = utf8(valid);
      const at = rng.int(0, bytes.length);
      return concat([bytes.slice(0, at), new Uint8Array([rng.pick([0xff, 0xc0, 0xed, 0x80, 0xfe])]), bytes.slice(at)]);
    },
    deep: () => utf8("[".repeat(rng.pick([1000, 100_000])) + "]".repeat(rng.chance(0.5) ? 0 : 100_000)),
    duplicate: () => utf8(valid.replace(/^\{/, '{"email":1,"workflow_id":[],')),
    padding: () => utf8(`${" ".repeat(rng.pick([1, 100_000]))}${valid}\n\n`),
  }[kind]!();
  draft.raw = text;
  draft.mutations.push(`raw JSON body: ${kind}`);
  if (draft.contentType === undefined) draft.contentType = "application/json";
}

function mutateContentType(rng: Prng, draft: Draft, kind: "json" | "multipart"): void {
  const boundary = draft.boundary;
  const choices =
    kind === "json"
      ? [
          null,
          "text/plain",
          "application/xml",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          `multipart/form-data; boundary=${boundary}`,
          "application/json; charset=utf-16",
          "application/json;charset=latin1",
          "APPLICATION/JSON",
          "application/vnd.api+json",
          "application/json, text/plain",
          "application/jsonx",
          "application/json; charset",
          "json",
          "*/*",
          "",
        ]
      : [
          null,
          "application/json",
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data",
          "multipart/form-data; boundary=",
          "multipart/form-data; boundary=other",
          "multipart/mixed; boundary=" + boundary,
          `MULTIPART/FORM-DATA; BOUNDARY=${boundary}`,
          `multipart/form-data; boundary="${boundary}"`,
          `multipart/form-data; charset=utf-8; boundary=${boundary}`,
          `multipart/form-data;boundary=${boundary}`,
          "",
        ];
  draft.contentType = rng.pick(choices);
  if (kind === "multipart" && draft.contentType === "application/json")
    draft.raw = utf8(
      JSON.stringify(Object.fromEntries((draft.parts ?? []).map((p) => [p.name, typeof p.data === "string" ? p.data : "file"]))),
    );
  if (draft.contentType === "application/x-www-form-urlencoded") {
    draft.raw = utf8(
      new URLSearchParams(
        Object.entries(
          draft.json
            ? ((draft.json.value as Record<string, string>) ?? {})
            : Object.fromEntries(
                (draft.parts ?? []).filter((p) => typeof p.data === "string").map((p) => [p.name ?? "", p.data as string]),
              ),
        ),
      ).toString(),
    );
  }
  draft.mutations.push(`content-type ${JSON.stringify(draft.contentType)}`);
}

function mutateParts(ctx: FuzzContext, rng: Prng, op: Operation, mode: Mode, draft: Draft): void {
  const parts = draft.parts!;
  const schema = op.body!.schema;
  const fields = Object.entries(schema.properties ?? {});
  const [name, child] = rng.pick(fields);
  const index = parts.findIndex((p) => p.name === name);
  const jsonFields = fields.filter(([, child]) => /\bJSON\b/.test(ctx.resolve(child).description ?? ""));
  const kind = rng.pick([
    "drop",
    "drop",
    "extra",
    "duplicate",
    "file-for-text",
    "text-for-file",
    "empty-file",
    "odd-file",
    "odd-value",
    "odd-value",
    "huge-value",
    "nameless",
    "odd-name",
    "odd-filename",
    "too-large",
    ...(jsonFields.length ? ["embedded-json", "embedded-json", "embedded-json"] : []),
  ]);
  if (kind === "embedded-json") {
    // A form field carrying JSON (enrichments, address, thresholds): its inside, mutated.
    const [field, schema] = rng.pick(jsonFields);
    let inner: unknown;
    try {
      inner = JSON.parse(String(validValue(rng, schema, field, ctx.hints, ctx.resolve)));
    } catch {
      inner = {};
    }
    const mutated = mutateJsonValue(rng, inner);
    const index2 = parts.findIndex((p) => p.name === field);
    const part = { name: field, data: JSON.stringify(mutated.value) ?? "null" };
    if (index2 >= 0) parts[index2] = part;
    else parts.push(part);
    draft.mutations.push(`multipart ${field} JSON: ${mutated.what}`);
    return;
  }
  const set = (part: Part) => (index >= 0 ? (parts[index] = part) : parts.push(part));
  switch (kind) {
    case "drop":
      if (parts.length) parts.splice(rng.int(0, parts.length - 1), 1);
      break;
    case "extra":
      parts.push({ name: rng.pick(["extra", "__proto__", "constructor", "x"]), data: oddString(rng).slice(0, 5000) });
      break;
    case "duplicate":
      if (parts.length) parts.push({ ...rng.pick(parts) });
      break;
    case "file-for-text":
      set({ name, filename: "field.txt", contentType: "text/plain", data: String(validValue(rng, child, name, ctx.hints, ctx.resolve)) });
      break;
    case "text-for-file":
      set({ name, data: rng.chance(0.5) ? "not a file" : Buffer.from(rng.pick(ctx.files).bytes).toString("latin1") });
      break;
    case "empty-file":
      set({ name, filename: "empty.png", contentType: "image/png", data: new Uint8Array(0) });
      break;
    case "odd-file":
      set({ ...filePart(ctx, rng, name, mode), contentType: rng.pick(["", 'image/png; x="', "application/json", "image/svg+xml", "😀"]) });
      break;
    case "odd-value":
      set({ name, data: rng.chance(0.7) ? oddString(rng).replace(/[\ud800-\udfff]/g, "\ufffd") : rng.pick(NASTY_STRINGS) });
      break;
    case "huge-value":
      set({ name, data: hugeString(rng).replace(/[\ud800-\udfff]/g, "\ufffd") });
      break;
    case "nameless":
      parts.push({ data: "value without a name" });
      break;
    case "odd-name":
      parts.push({
        name: rng.pick(["", " ", "😀", 'a"b', "name\r\nX-Injected: 1", "__proto__", "a[b]", "a.b", "x".repeat(5000)]),
        data: "1",
      });
      break;
    case "odd-filename":
      set({
        ...filePart(ctx, rng, name, mode),
        filename: rng.pick(["", "../../etc/passwd", "😀.png", 'a"b.png', "x".repeat(5000), "\u0000.png", "CON", "file.png\r\nX: y"]),
      });
      break;
    default:
      // Over every upload route's limit: refused (413) before it is buffered.
      set({
        name,
        filename: "big.png",
        contentType: "image/png",
        data: new Uint8Array(rng.pick([10 * 1024 * 1024 + 1, 32 * 1024 * 1024])),
      });
  }
  draft.mutations.push(`multipart ${kind} ${name}`);
}

/** One change inside a JSON value with no schema at hand: a key or item dropped, added or retyped. */
function mutateJsonValue(rng: Prng, value: unknown): { value: unknown; what: string } {
  if (Array.isArray(value)) {
    const copy = [...value];
    const choice = rng.pick(["retype-item", "duplicate", "empty", "extra"]);
    if (choice === "retype-item" && copy.length) copy[rng.int(0, copy.length - 1)] = wrongTypeValue(rng, { type: "string" });
    if (choice === "duplicate" && copy.length) copy.push(copy[0]);
    if (choice === "extra") copy.push(rng.pick(["credit_bureau", "BOGUS", "", "AML ", "Aml", oddString(rng)]));
    return { value: choice === "empty" ? [] : copy, what: `array ${choice}` };
  }
  if (value && typeof value === "object") {
    const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
    const keys = Object.keys(copy);
    const key = keys.length ? rng.pick(keys) : "x";
    const choice = rng.pick(["retype", "retype", "odd", "number-edge", "drop", "extra"]);
    if (choice === "retype") copy[key] = wrongTypeValue(rng, { type: typeof copy[key] === "number" ? "number" : "string" });
    if (choice === "odd") copy[key] = oddString(rng);
    if (choice === "number-edge") copy[key] = rng.pick([-1, 101, 1e308, -0, 0.5, 99.999, 1e-300, "96", null]);
    if (choice === "drop") delete copy[key];
    if (choice === "extra") copy[rng.pick(["extra", "__proto__", "constructor", ""])] = 1;
    return { value: copy, what: `${choice} ${key}` };
  }
  return { value: wrongTypeValue(rng, {}), what: "replaced" };
}

function mutateMultipartRaw(rng: Prng, draft: Draft): void {
  const body = encodeMultipart(draft.parts!, draft.boundary);
  const kind = rng.pick([
    "truncate",
    "no-closing",
    "lf-only",
    "wrong-boundary",
    "empty",
    "preamble",
    "no-blank-line",
    "random",
    "nested-quotes",
  ]);
  draft.raw = {
    truncate: () => body.slice(0, rng.int(0, Math.max(0, body.length - 1))),
    "no-closing": () => encodeMultipart(draft.parts!, draft.boundary, { closing: false }),
    "lf-only": () => encodeMultipart(draft.parts!, draft.boundary, { newline: "\n" }),
    "wrong-boundary": () => encodeMultipart(draft.parts!, "other-boundary"),
    empty: () => new Uint8Array(0),
    preamble: () => concat([utf8("garbage before the first boundary\r\n"), body, utf8("epilogue")]),
    "no-blank-line": () =>
      utf8(`--${draft.boundary}\r\nContent-Disposition: form-data; name="first_name"\r\nAda\r\n--${draft.boundary}--\r\n`),
    random: () => utf8(unicodeString(rng, rng.int(1, 500)).replace(/[\ud800-\udfff]/g, "\ufffd")),
    "nested-quotes": () =>
      utf8(
        `--${draft.boundary}\r\nContent-Disposition: form-data; name="a"; name="b"; filename*=UTF-8''%E2%82%AC.png\r\n\r\nx\r\n--${draft.boundary}--\r\n`,
      ),
  }[kind]!();
  draft.mutations.push(`raw multipart: ${kind}`);
}

// ---------------------------------------------------------------------------------------------

function finish(index: number, operation: Operation, mode: Mode, draft: Draft): FuzzRequest {
  const headers = { ...draft.headers };
  let body: Uint8Array | undefined = draft.raw;
  let contentType: string | null | undefined = draft.contentType;
  if (!body && draft.json) {
    body = utf8(JSON.stringify(draft.json.value) ?? "");
    contentType ??= "application/json";
  }
  if (!body && draft.parts) {
    body = encodeMultipart(draft.parts, draft.boundary);
    contentType ??= `multipart/form-data; boundary=${draft.boundary}`;
  }
  if (body && contentType) headers["content-type"] = contentType;
  if (draft.method === "GET" || draft.method === "HEAD") body = undefined; // fetch forbids a body here
  return {
    index,
    operation,
    mode,
    method: draft.method,
    url: draft.query ? `${draft.path}?${draft.query}` : draft.path,
    headers,
    body,
    mutations: draft.mutations,
  };
}

/** The request as text, for a failure report: enough to send it again by hand. */
export function describeRequest(request: FuzzRequest, seed: number): string {
  const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n)}… (${text.length} chars)` : text);
  const headers = Object.entries(request.headers)
    .map(([k, v]) => `${k}: ${k === "authorization" ? v.replace(/\S{12,}/, (t) => `${t.slice(0, 10)}…`) : clip(v, 200)}`)
    .join("\n  ");
  const body = request.body ? clip(Buffer.from(request.body.slice(0, 2000)).toString("utf8"), 1500) : "(none)";
  return [
    `FUZZ_SEED=${seed} FUZZ_ONLY=${request.index} (${request.mode}, ${request.operation.method} ${request.operation.template})`,
    `mutations: ${request.mutations.join("; ") || "none (a valid request)"}`,
    `${request.method} ${clip(request.url, 300)}`,
    `  ${headers}`,
    `body (${request.body?.length ?? 0} bytes): ${body}`,
  ].join("\n");
}
