/**
 * The operations of the served OpenAPI document, as the fuzzer and the isolation matrix use them:
 * method, path template, parameters, body kind and schema, documented responses. Everything comes
 * from the document, so a route added to the API is fuzzed and checked without touching a test.
 */

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  example?: unknown;
  default?: unknown;
  description?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  nullable?: boolean;
};

export interface OpenApiDocument {
  paths: Record<string, Record<string, RawOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

interface RawOperation {
  parameters?: { name: string; in: "path" | "query" | "header"; required?: boolean; schema: JsonSchema }[];
  requestBody?: { required?: boolean; content: Record<string, { schema: JsonSchema }> };
  responses: Record<string, unknown>;
  security?: unknown[];
}

export interface Parameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** As in the document: `/api/v1/verifications/{id}`. */
  template: string;
  pathParams: Parameter[];
  query: Parameter[];
  body: { kind: "json" | "multipart"; schema: JsonSchema; required: boolean } | null;
  /** Documented status codes. */
  statuses: Set<number>;
  /** Needs a bearer token. */
  secured: boolean;
}

/** Resolves local `$ref`s (one level at a time, as the generator walks). */
export function resolver(doc: OpenApiDocument) {
  return function resolve(schema: JsonSchema): JsonSchema {
    let current = schema;
    for (let depth = 0; current.$ref && depth < 20; depth++) {
      const name = current.$ref.replace(/^#\/components\/schemas\//, "");
      const target = doc.components?.schemas?.[name];
      if (!target) throw new Error(`unresolved $ref ${current.$ref}`);
      current = target;
    }
    return current;
  };
}

export function operationsOf(doc: OpenApiDocument): Operation[] {
  const resolve = resolver(doc);
  const operations: Operation[] = [];
  for (const [template, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const params = raw.parameters ?? [];
      const content = raw.requestBody?.content ?? {};
      const json = content["application/json"];
      const multipart = content["multipart/form-data"];
      const bodySchema = json ?? multipart;
      operations.push({
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === "path").map((p) => ({ name: p.name, required: true, schema: resolve(p.schema) })),
        query: params.filter((p) => p.in === "query").map((p) => ({ name: p.name, required: !!p.required, schema: resolve(p.schema) })),
        body: bodySchema
          ? { kind: json ? "json" : "multipart", schema: resolve(bodySchema.schema), required: !!raw.requestBody?.required }
          : null,
        statuses: new Set(Object.keys(raw.responses).map(Number)),
        secured: (raw.security?.length ?? 0) > 0,
      });
    }
  }
  return operations;
}

/** The operation a concrete path and method belong to, if any. */
export function matcher(operations: Operation[]) {
  const compiled = operations.map((op) => ({
    op,
    regex: new RegExp(`^${op.template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{[^}]+\}/g, "[^/]+")}$`),
  }));
  return (method: string, path: string): Operation | undefined =>
    compiled.find((c) => c.op.method === method.toUpperCase() && c.regex.test(path))?.op;
}

/** Fills a template's `{name}` with the given, already encoded, values. */
export function fillPath(template: string, values: Record<string, string>): string {
  return template.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`no value for {${name}} in ${template}`);
    return value;
  });
}
