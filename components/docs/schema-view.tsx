import type { ReactNode } from "react";
import styles from "./fields.module.css";
import { displayRefName, type JsonSchema, type OpenApiDocument } from "./openapi";
import { isEmptySchema, isNullSchema, SchemaFacts, shapeOf, TypeLabel, variantsOf } from "./schema-parts";

// Renders a JSON schema (OpenAPI 3.1 dialect) as one table of fields, nested fields indented under
// their parent. Generic over the document: $ref, allOf, anyOf/oneOf, nullable type arrays, arrays,
// maps (additionalProperties) and enums are all handled by shape, never by schema name.

const MAX_DEPTH = 8;

type Row =
  | { kind: "field"; key: string; depth: number; name: string; schema: JsonSchema; resolved: JsonSchema; required: boolean; hint?: string }
  | { kind: "group"; key: string; depth: number; label: ReactNode };

/** Whether a schema has fields worth listing as child rows. */
function hasChildren(doc: OpenApiDocument, schema: JsonSchema, depth = 0): boolean {
  if (depth > MAX_DEPTH) return false;
  const s = shapeOf(doc, schema);
  if (s.properties && Object.keys(s.properties).length > 0) return true;
  if (s.items) return hasChildren(doc, s.items, depth + 1);
  if (typeof s.additionalProperties === "object" && !isEmptySchema(s.additionalProperties)) {
    return hasChildren(doc, s.additionalProperties, depth + 1);
  }
  return variantsOf(s).some((v) => hasChildren(doc, v, depth + 1));
}

/** The named schema whose fields a row would list under it: its own $ref, or its items' / values'. */
function listedName(doc: OpenApiDocument, schema: JsonSchema): string | undefined {
  const name = displayRefName(schema);
  if (name) return name;
  const s = shapeOf(doc, schema);
  if (s.items) return listedName(doc, s.items);
  if (typeof s.additionalProperties === "object" && !s.properties) return listedName(doc, s.additionalProperties);
  return undefined;
}

/**
 * Flattens a schema into table rows. Each named schema is expanded once per table (`seen`): later
 * mentions say where its fields are instead of repeating them, which keeps big responses readable
 * and makes recursive models (a schema containing itself) terminate.
 */
function collectRows(doc: OpenApiDocument, schema: JsonSchema, depth: number, seen: Set<string>, prefix: string, rows: Row[]): void {
  if (depth > MAX_DEPTH) return;
  const name = displayRefName(schema);
  if (name) {
    if (seen.has(name)) return;
    seen.add(name);
  }
  const s = shapeOf(doc, schema);

  const addField = (key: string, fieldName: string, value: JsonSchema, required: boolean, hint?: string) => {
    const named = listedName(doc, value);
    const repeat = named !== undefined && seen.has(named) && hasChildren(doc, value);
    const note = repeat ? `Fields of ${named} are listed above` : undefined;
    rows.push({
      kind: "field",
      key,
      depth,
      name: fieldName,
      schema: value,
      resolved: shapeOf(doc, value),
      required,
      hint: [hint, note].filter(Boolean).join(". ") || undefined,
    });
    if (!repeat) collectRows(doc, value, depth + 1, seen, key, rows);
  };

  for (const [propName, prop] of Object.entries(s.properties ?? {})) {
    addField(`${prefix}.${propName}`, propName, prop, s.required?.includes(propName) ?? false);
  }

  if (s.items) collectRows(doc, s.items, depth, seen, `${prefix}[]`, rows);

  if (typeof s.additionalProperties === "object" && !isEmptySchema(s.additionalProperties) && hasChildren(doc, s.additionalProperties)) {
    addField(`${prefix}.*`, "[key]", s.additionalProperties, false, "Each value of the map, under any key");
  }

  const variants = variantsOf(s).filter((v) => !isNullSchema(doc, v));
  if (variants.some((v) => hasChildren(doc, v))) {
    const word = s.oneOf ? "Exactly one of" : "Any of";
    variants.forEach((variant, i) => {
      const key = `${prefix}|${i}`;
      const vName = displayRefName(variant) ?? shapeOf(doc, variant).title;
      rows.push({ kind: "group", key, depth, label: `${word}: option ${i + 1}${vName ? ` (${vName})` : ""}` });
      collectRows(doc, variant, depth + 1, seen, key, rows);
    });
  }
}

function Indent({ depth }: { depth: number }) {
  if (depth === 0) return null;
  // A drawn elbow rather than a glyph, so it carries no text for screen readers or contrast checks.
  return <span aria-hidden="true" className={styles.elbow} />;
}

export function SchemaView({ doc, schema, caption }: { doc: OpenApiDocument; schema: JsonSchema; caption: string }) {
  const rows: Row[] = [];
  collectRows(doc, schema, 0, new Set(), "$", rows);
  const shape = shapeOf(doc, schema);
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1 text-sm">
        <span className="font-medium text-slate-700">Type</span>
        <span className="font-mono text-slate-900 [overflow-wrap:anywhere]">
          <TypeLabel doc={doc} schema={schema} />
        </span>
      </div>
      <SchemaFacts schema={schema} resolved={shape} />
      {rows.length > 0 ? (
        <div className={styles.frame}>
          <table className={styles.table}>
            <caption className="sr-only">{caption}</caption>
            <thead>
              <tr>
                <th scope="col" className={styles.colName}>
                  Field
                </th>
                <th scope="col" className={`${styles.wide} ${styles.colType}`}>
                  Type
                </th>
                <th scope="col" className={styles.wide}>
                  Description
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => {
                const indent = row.depth > 0 ? { paddingLeft: `${0.75 + row.depth * 1.1}rem` } : undefined;
                if (row.kind === "group") {
                  return (
                    <tr key={row.key} className={styles.group}>
                      <td colSpan={3} style={indent}>
                        {row.label}
                      </td>
                    </tr>
                  );
                }
                const type = <TypeLabel doc={doc} schema={row.schema} />;
                const facts = <SchemaFacts schema={row.schema} resolved={row.resolved} hint={row.hint} />;
                return (
                  <tr key={row.key}>
                    <th scope="row" style={indent}>
                      <div className={styles.nameLine}>
                        <Indent depth={row.depth} />
                        <div className={styles.nameWrap}>
                          <span className={styles.name}>{row.name}</span>
                          {row.required ? (
                            <span className={styles.required}>required</span>
                          ) : (
                            <span className={styles.optional}>optional</span>
                          )}
                        </div>
                      </div>
                      {/* Phones: one column, so type and description sit under the name. */}
                      <div className={`${styles.narrow} ${row.depth > 0 ? styles.nested : ""}`}>
                        <div className={styles.type}>{type}</div>
                        {facts}
                      </div>
                    </th>
                    <td className={`${styles.wide} ${styles.type}`}>{type}</td>
                    <td className={styles.wide}>{facts}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
