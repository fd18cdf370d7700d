// The curl snippet shown under each operation, built from the operation's own parameters and
// request schema: values the contract gives (examples, defaults, enums) where it gives them,
// visible placeholders where it does not.
import {
  effectiveSecurity,
  mergeAllOf,
  resolveRequestBody,
  resolveSchema,
  typeList,
  type JsonSchema,
  type OpenApiDocument,
  type OperationEntry,
} from "./openapi";

function exampleString(schema: JsonSchema, name: string): string {
  switch (schema.format) {
    case "email":
      return "jane@example.com";
    case "uri":
    case "url":
      return "https://example.com";
    case "date-time":
      return "2026-01-31T10:00:00.000Z";
    case "date":
      return "2026-01-31";
    case "uuid":
      return "3fa85f64-5717-4562-b3fc-2c963f66afa6";
  }
  if (schema.pattern === "^\\d{4}-\\d{2}-\\d{2}$") return "1990-01-31";
  return name ? `<${name}>` : "string";
}

/** A plausible value for a schema: its own example or default, else one built from its shape. */
export function exampleValue(doc: OpenApiDocument, input: JsonSchema, name = "", depth = 0): unknown {
  const schema = mergeAllOf(doc, resolveSchema(doc, input));
  if (schema.example !== undefined) return schema.example;
  if (schema.examples?.length) return schema.examples[0];
  if (schema.default !== undefined) return schema.default;
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== null) ?? null;
  const variant = schema.oneOf?.[0] ?? schema.anyOf?.find((s) => !typeList(resolveSchema(doc, s)).types.every((t) => t === "null"));
  if (variant) return exampleValue(doc, variant, name, depth + 1);
  if (depth > 6) return null;
  const { types } = typeList(schema);
  const type = types[0] ?? (schema.properties ? "object" : undefined);
  switch (type) {
    case "string":
      return exampleString(schema, name);
    case "integer":
      return schema.minimum ?? 0;
    case "number":
      return schema.minimum ?? 0;
    case "boolean":
      return true;
    case "array":
      return schema.items ? [exampleValue(doc, schema.items, name, depth + 1)] : [];
    case "object": {
      const out: Record<string, unknown> = {};
      const required = new Set(schema.required ?? []);
      for (const [key, prop] of Object.entries(schema.properties ?? {})) {
        const resolved = resolveSchema(doc, prop);
        // Required fields always; optional ones only when the contract gives an example, so the
        // snippet stays short but still shows the fields worth knowing about.
        if (required.has(key) || prop.example !== undefined || resolved.example !== undefined) {
          out[key] = exampleValue(doc, prop, key, depth + 1);
        }
      }
      return out;
    }
    default:
      return null;
  }
}

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

export function curlExample(doc: OpenApiDocument, entry: OperationEntry): string {
  const base = (doc.servers?.[0]?.url ?? "").replace(/\/+$/, "");
  let path = entry.path;
  const query: string[] = [];
  for (const p of entry.parameters) {
    if (!p.name || (p.in !== "path" && !(p.in === "query" && p.required))) continue;
    const schema = p.schema ? mergeAllOf(doc, resolveSchema(doc, p.schema)) : {};
    // Only a value the contract gives is filled in; otherwise the placeholder stays visible
    // ({id} in the path, <name> in the query) rather than a made-up value.
    const value = p.example ?? schema.example ?? schema.examples?.[0] ?? schema.default ?? schema.enum?.[0];
    const text = value === undefined ? undefined : typeof value === "string" ? value : JSON.stringify(value);
    if (p.in === "path") {
      if (text !== undefined) path = path.replace(`{${p.name}}`, encodeURIComponent(text));
    } else {
      query.push(`${encodeURIComponent(p.name)}=${text === undefined ? `<${p.name}>` : encodeURIComponent(text)}`);
    }
  }
  const url = `${base}${path}${query.length ? `?${query.join("&")}` : ""}`;
  // GET is curl's default; any other method is spelled out.
  const lines = [entry.method === "get" ? `curl ${shellQuote(url)}` : `curl -X ${entry.method.toUpperCase()} ${shellQuote(url)}`];
  const security = effectiveSecurity(doc, entry.operation);
  if (security.some((req) => Object.keys(req).length > 0)) lines.push(`-H "Authorization: Bearer $TOKEN"`);
  const body = entry.operation.requestBody ? resolveRequestBody(doc, entry.operation.requestBody) : undefined;
  const json = body?.content?.["application/json"];
  if (json) {
    lines.push(`-H 'Content-Type: application/json'`);
    const example = json.example ?? (json.schema ? exampleValue(doc, json.schema) : {});
    lines.push(`-d ${shellQuote(JSON.stringify(example, null, 2).replace(/\n/g, "\n  "))}`);
  }
  return lines.join(" \\\n  ");
}
