import { Fragment, type ReactNode } from "react";
import styles from "./fields.module.css";
import { InlineText } from "./inline-text";
import { displayRefName, mergeAllOf, resolveSchema, schemaAnchor, typeList, type JsonSchema, type OpenApiDocument } from "./openapi";

// The two cells of a field row that describe one schema: its type expression and its facts
// (description, enum values, format, pattern, bounds, default, example).

/** The schema with its $ref followed and allOf merged: the shape to read properties from. */
export function shapeOf(doc: OpenApiDocument, schema: JsonSchema): JsonSchema {
  return mergeAllOf(doc, resolveSchema(doc, schema));
}

export function isEmptySchema(schema: JsonSchema): boolean {
  return Object.keys(schema).length === 0;
}

export function variantsOf(schema: JsonSchema): JsonSchema[] {
  return schema.oneOf ?? schema.anyOf ?? [];
}

export function isNullSchema(doc: OpenApiDocument, schema: JsonSchema): boolean {
  const s = resolveSchema(doc, schema);
  return s.type === "null" || (Array.isArray(s.type) && s.type.length === 1 && s.type[0] === "null");
}

function join(nodes: ReactNode[], separator: string): ReactNode {
  return nodes.map((node, i) => (
    <Fragment key={i}>
      {i > 0 ? separator : null}
      {node}
    </Fragment>
  ));
}

/** A short type expression: `string`, `Address | null`, `Check[]`, `map<string, object>`. */
export function TypeLabel({ doc, schema }: { doc: OpenApiDocument; schema: JsonSchema }): ReactNode {
  const name = displayRefName(schema);
  const s = shapeOf(doc, schema);
  const { types, nullable } = typeList(s);
  let core: ReactNode;
  let isNullable = nullable;
  const variants = variantsOf(s);

  if (name) {
    core = (
      <a href={`#${schemaAnchor(name)}`} className={styles.link}>
        {name}
      </a>
    );
  } else if (variants.length > 0) {
    const nonNull = variants.filter((v) => !isNullSchema(doc, v));
    isNullable ||= nonNull.length < variants.length;
    core = join(
      nonNull.map((v, i) => <TypeLabel key={i} doc={doc} schema={v} />),
      " | ",
    );
  } else if (s.const !== undefined) {
    core = JSON.stringify(s.const);
  } else if (types.includes("array") || s.items) {
    const items = s.items;
    const wrap = items && (variantsOf(shapeOf(doc, items)).length > 1 || typeList(shapeOf(doc, items)).nullable);
    core = items ? (
      <>
        {wrap ? "(" : null}
        <TypeLabel doc={doc} schema={items} />
        {wrap ? ")" : null}[]
      </>
    ) : (
      "array"
    );
  } else if (types.includes("object") || s.properties || s.additionalProperties !== undefined) {
    const ap = s.additionalProperties;
    if (!s.properties && ap && typeof ap === "object") {
      core = <>map&lt;string, {isEmptySchema(ap) ? "any" : <TypeLabel doc={doc} schema={ap} />}&gt;</>;
    } else {
      core = "object";
    }
  } else if (types.length > 0) {
    core = types.join(" | ");
  } else {
    core = "any";
  }
  return (
    <>
      {core}
      {isNullable ? " | null" : null}
    </>
  );
}

function formatValue(value: unknown): string {
  return typeof value === "string" ? value : JSON.stringify(value);
}

function range(label: string, min: number | undefined, max: number | undefined): string | undefined {
  if (min !== undefined && max !== undefined) return min === max ? `${label} exactly ${min}` : `${label} ${min}–${max}`;
  if (min !== undefined) return `${label} at least ${min}`;
  if (max !== undefined) return `${label} at most ${max}`;
  return undefined;
}

function Code({ children }: { children: ReactNode }) {
  return <code className={styles.code}>{children}</code>;
}

/** Description and constraints of one schema, as a compact list of facts. */
export function SchemaFacts({ schema, resolved, hint }: { schema: JsonSchema; resolved: JsonSchema; hint?: string }) {
  const s = resolved;
  const description = schema.description ?? s.description;
  const facts: ReactNode[] = [];
  if (hint) facts.push(hint);
  if (s.format)
    facts.push(
      <>
        format <Code>{s.format}</Code>
      </>,
    );
  if (s.pattern)
    facts.push(
      <>
        pattern <Code>{s.pattern}</Code>
      </>,
    );
  const length = range("length", s.minLength, s.maxLength);
  if (length) facts.push(length);
  const min = typeof s.exclusiveMinimum === "number" ? `> ${s.exclusiveMinimum}` : s.minimum !== undefined ? `≥ ${s.minimum}` : undefined;
  const max = typeof s.exclusiveMaximum === "number" ? `< ${s.exclusiveMaximum}` : s.maximum !== undefined ? `≤ ${s.maximum}` : undefined;
  if (min || max) facts.push(`value ${[min, max].filter(Boolean).join(" and ")}`);
  if (s.multipleOf !== undefined) facts.push(`multiple of ${s.multipleOf}`);
  const items = range("items", s.minItems, s.maxItems);
  if (items) facts.push(items);
  if (s.uniqueItems) facts.push("items must be unique");
  const props = range("properties", s.minProperties, s.maxProperties);
  if (props) facts.push(props);
  if (s.additionalProperties === false && s.properties) facts.push("unknown fields are rejected");
  if (s.default !== undefined)
    facts.push(
      <>
        default <Code>{formatValue(s.default)}</Code>
      </>,
    );
  const example = schema.example ?? s.example ?? s.examples?.[0];
  if (example !== undefined && !s.enum)
    facts.push(
      <>
        example <Code>{formatValue(example)}</Code>
      </>,
    );
  if (s.readOnly) facts.push("read-only");
  if (s.writeOnly) facts.push("write-only");

  return (
    <div className={styles.facts}>
      {schema.deprecated || s.deprecated ? <span className={styles.deprecated}>deprecated</span> : null}
      {description ? (
        <p>
          <InlineText text={description} />
        </p>
      ) : null}
      {s.enum?.length ? (
        <p>
          one of{" "}
          {s.enum.map((value, i) => (
            <Fragment key={i}>
              <Code>{formatValue(value)}</Code>{" "}
            </Fragment>
          ))}
        </p>
      ) : null}
      {facts.length > 0 ? (
        <ul className={styles.factList}>
          {facts.map((fact, i) => (
            <li key={i}>{fact}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
