// Structural types for the parts of an OpenAPI 3.1 document the reference page renders, and the
// pure helpers that walk it. Deliberately loose (everything optional): the page must keep rendering
// whatever new endpoints and schema shapes the contract grows, so nothing here is per-endpoint.

export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  title?: string;
  description?: string;
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  example?: unknown;
  examples?: unknown[];
  nullable?: boolean;
  deprecated?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  multipleOf?: number;
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  minProperties?: number;
  maxProperties?: number;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  prefixItems?: JsonSchema[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type Parameter = {
  $ref?: string;
  name?: string;
  in?: string;
  description?: string;
  required?: boolean;
  deprecated?: boolean;
  schema?: JsonSchema;
  example?: unknown;
};

export type MediaType = { schema?: JsonSchema; example?: unknown };

export type RequestBody = {
  $ref?: string;
  description?: string;
  required?: boolean;
  content?: Record<string, MediaType>;
};

export type Response = {
  $ref?: string;
  description?: string;
  content?: Record<string, MediaType>;
  headers?: Record<string, { description?: string; schema?: JsonSchema }>;
};

export type SecurityRequirement = Record<string, string[]>;

export type Operation = {
  operationId?: string;
  tags?: string[];
  summary?: string;
  description?: string;
  deprecated?: boolean;
  parameters?: Parameter[];
  requestBody?: RequestBody;
  responses?: Record<string, Response>;
  security?: SecurityRequirement[];
};

export type SecurityScheme = { type?: string; scheme?: string; bearerFormat?: string; description?: string; name?: string; in?: string };

export type OpenApiDocument = {
  openapi?: string;
  info?: { title?: string; version?: string; description?: string };
  servers?: { url?: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths?: Record<string, object | undefined>;
  components?: {
    schemas?: Record<string, JsonSchema>;
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, RequestBody>;
    responses?: Record<string, Response>;
    securitySchemes?: Record<string, SecurityScheme>;
  };
  security?: SecurityRequirement[];
};

export const HTTP_METHODS = ["get", "post", "put", "patch", "delete", "head", "options", "trace"] as const;
export type HttpMethod = (typeof HTTP_METHODS)[number];

export type OperationEntry = {
  id: string;
  method: HttpMethod;
  path: string;
  operation: Operation;
  /** Path-item level parameters merged with the operation's own (the operation wins). */
  parameters: Parameter[];
};

export type TagGroup = { name: string; id: string; description?: string; operations: OperationEntry[] };

const SCHEMA_PREFIX = "#/components/schemas/";

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[{}]/g, "")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

export function schemaAnchor(name: string): string {
  return `schema-${slugify(name)}`;
}

/** The component name a `$ref` points at, when it points into `#/components/schemas`. */
export function refName(ref: string | undefined): string | undefined {
  return ref?.startsWith(SCHEMA_PREFIX) ? decodeURIComponent(ref.slice(SCHEMA_PREFIX.length)) : undefined;
}

/** Follows a local `$ref` of any component kind (schemas, parameters, responses, …). */
function resolveLocal<T extends { $ref?: string }>(doc: OpenApiDocument, value: T): T {
  let current: T = value;
  // Bounded so that a ref cycle (A → B → A) cannot hang the render.
  for (let hops = 0; hops < 16 && current.$ref?.startsWith("#/"); hops++) {
    const parts = current.$ref
      .slice(2)
      .split("/")
      .map((p) => decodeURIComponent(p.replace(/~1/g, "/").replace(/~0/g, "~")));
    let target: unknown = doc;
    for (const part of parts) {
      target = target && typeof target === "object" ? (target as Record<string, unknown>)[part] : undefined;
    }
    if (!target || typeof target !== "object") return current;
    current = target as T;
  }
  return current;
}

export function resolveSchema(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return resolveLocal(doc, schema);
}

export const resolveParameter = (doc: OpenApiDocument, p: Parameter) => resolveLocal(doc, p);
export const resolveResponse = (doc: OpenApiDocument, r: Response) => resolveLocal(doc, r);
export const resolveRequestBody = (doc: OpenApiDocument, b: RequestBody) => resolveLocal(doc, b);

/** The schema's `type` as a list, plus whether `null` is allowed (3.1 type arrays or 3.0 `nullable`). */
export function typeList(schema: JsonSchema): { types: string[]; nullable: boolean } {
  const raw = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  const types = raw.filter((t) => t !== "null");
  return { types, nullable: raw.includes("null") || schema.nullable === true };
}

/**
 * Flattens `allOf` into one schema for display. zod-openapi writes a nullable reference as
 * `allOf: [{$ref}, {type: [object, null]}]`; read literally that intersection excludes null, but
 * the intent is "Address or null", so null allowed by any part marks the result nullable.
 */
export function mergeAllOf(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  if (!schema.allOf?.length) return schema;
  const { allOf, ...rest } = schema;
  const parts = [rest, ...allOf.map((part) => mergeAllOf(doc, resolveSchema(doc, part)))];
  const merged: JsonSchema = {};
  const properties: Record<string, JsonSchema> = {};
  const required = new Set<string>();
  let nullable = false;
  let types: string[] | undefined;
  for (const part of parts) {
    const { type: _type, properties: props, required: req, nullable: _nullable, ...other } = part;
    Object.assign(merged, Object.fromEntries(Object.entries(other).filter(([, v]) => v !== undefined)));
    if (props) Object.assign(properties, props);
    req?.forEach((r) => required.add(r));
    const t = typeList(part);
    nullable ||= t.nullable;
    if (t.types.length) types = types ? types.filter((x) => t.types.includes(x)) : t.types;
  }
  // The merged schema is a display artefact, not a reference: drop a $ref inherited from a part.
  delete merged.$ref;
  if (Object.keys(properties).length) merged.properties = properties;
  if (required.size) merged.required = [...required];
  const finalTypes = types ?? [];
  if (finalTypes.length || nullable)
    merged.type = nullable ? [...finalTypes, "null"] : finalTypes.length === 1 ? finalTypes[0] : finalTypes;
  return merged;
}

/** The schema name shown for a `$ref` (directly, or as the single non-null part of an allOf). */
export function displayRefName(schema: JsonSchema): string | undefined {
  if (schema.$ref) return refName(schema.$ref);
  const refs = schema.allOf?.filter((p) => p.$ref);
  if (refs?.length === 1) return refName(refs[0]?.$ref);
  return undefined;
}

function isMethod(key: string): key is HttpMethod {
  return (HTTP_METHODS as readonly string[]).includes(key);
}

export function operationAnchor(method: string, path: string, operationId?: string): string {
  return `op-${slugify(operationId ?? `${method} ${path}`)}`;
}

/** Every operation in document order, grouped by its first tag (tags listed in `doc.tags` first). */
export function groupOperations(doc: OpenApiDocument): TagGroup[] {
  const groups = new Map<string, TagGroup>();
  for (const tag of doc.tags ?? []) {
    groups.set(tag.name, { name: tag.name, id: `tag-${slugify(tag.name)}`, description: tag.description, operations: [] });
  }
  const used = new Set<string>();
  for (const [path, pathItem] of Object.entries(doc.paths ?? {})) {
    if (!pathItem) continue;
    const item = pathItem as Record<string, unknown>;
    const shared = (Array.isArray(item.parameters) ? (item.parameters as Parameter[]) : []).map((p) => resolveParameter(doc, p));
    for (const [key, value] of Object.entries(item)) {
      if (!isMethod(key) || !value || typeof value !== "object") continue;
      const operation = value as Operation;
      const own = (operation.parameters ?? []).map((p) => resolveParameter(doc, p));
      const parameters = [...shared.filter((s) => !own.some((o) => o.name === s.name && o.in === s.in)), ...own];
      let id = operationAnchor(key, path, operation.operationId);
      while (used.has(id)) id += "-x";
      used.add(id);
      const tag = operation.tags?.[0] ?? "Other";
      let group = groups.get(tag);
      if (!group) {
        group = { name: tag, id: `tag-${slugify(tag)}`, operations: [] };
        groups.set(tag, group);
      }
      group.operations.push({ id, method: key, path, operation, parameters });
    }
  }
  return [...groups.values()].filter((g) => g.operations.length > 0);
}

/** The effective security of an operation: its own list, else the document's default. */
export function effectiveSecurity(doc: OpenApiDocument, op: Operation): SecurityRequirement[] {
  return op.security ?? doc.security ?? [];
}
