import { protocol, types, type PGlite, type QueryOptions, type Results, type Transaction } from "@electric-sql/pglite";
import { DATA_STATEMENT } from "./prepared-query";

/**
 * PGlite with named prepared statements (issue 14). PGlite's own `query()` sends Parse, Describe,
 * Bind, Describe, Execute and Sync as six separate calls into its WASM Postgres and plans the
 * statement every time: ~0.35 ms for a one-row read on this CPU. Here each statement text is
 * parsed and described once, under a name of its own; afterwards one call carries Bind, Execute
 * and Sync (~0.09 ms), and Postgres reuses its plan. Same results, same errors, same locks:
 *
 * - values are serialised by the parameter types Postgres described (PGlite's serializers, or the
 *   caller's), and rows are parsed by the result columns' types (PGlite's parsers, or the
 *   caller's), in `rowMode` "array" or "object", as `query()` does;
 * - outside a transaction a statement takes PGlite's transaction and query locks and syncs the
 *   file system afterwards, as `query()` does; inside `transaction()` it runs under the
 *   transaction's lock, as PGlite's own `tx.query()` does;
 * - an error is PGlite's DatabaseError with `query`, `params` and `queryOptions` attached.
 *
 * Only plain data statements (select, insert, update, delete, with) are prepared; anything else,
 * and a query with a blob, goes to PGlite's `query()`. At most MAX_STATEMENTS stay prepared: the
 * least recently used is closed. A statement whose plan no longer fits its tables (SQLSTATE
 * 0A000 after a schema change) is prepared again and retried once, outside a transaction.
 */
export interface PreparedPglite {
  query<T>(query: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  exec: PGlite["exec"];
  /** Statements prepared now (tests). */
  readonly preparedCount: number;
}

const MAX_STATEMENTS = 500;
const PLAN_CHANGED = "0A000";

interface Statement {
  name: string;
  paramTypes: number[];
  fields: { name: string; dataTypeID: number }[];
  /** Column parsers for the last parser set used (drizzle passes the same object every time). */
  parsersFor?: QueryOptions["parsers"];
  columnParsers?: (types.Parser | undefined)[];
}

type Message = { name: string } & Record<string, unknown>;

interface Internals {
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  execProtocolStream(message: Uint8Array, options: { syncToFs?: boolean; throwOnError?: boolean }): Promise<Message[]>;
  serializers: Record<number | string, types.Serializer>;
  parsers: Record<number | string, types.Parser>;
}

const { serialize } = protocol;

/**
 * A long text, varchar, json or jsonb value goes in the binary format, whose bytes are its UTF-8
 * text (jsonb: after a version byte): encoded natively here, where PGlite's serializer measures
 * every string's UTF-8 length with a JavaScript loop, twice (7 % of a sandbox risk request's CPU
 * on PGlite was that, for the grouped insert's JSON rows, issue 14). Postgres reads both formats
 * with the same checks (textrecv and jsonb_recv: encoding verified, NUL refused, JSON parsed).
 */
const BINARY_TEXT_MIN_LENGTH = 256;
const TEXT_LIKE_OIDS = new Set<number>([types.TEXT, types.VARCHAR, types.JSON]);

function binaryText(oid: number, value: string): Uint8Array | null {
  if (TEXT_LIKE_OIDS.has(oid)) return Buffer.from(value, "utf8");
  if (oid !== types.JSONB) return null;
  const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(value, "utf8"));
  bytes[0] = 1; // jsonb's binary format version
  bytes.write(value, 1, "utf8");
  return bytes;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export function preparedPglite(pg: PGlite): PreparedPglite {
  const inner = pg as unknown as Internals;
  // Insertion order is recency order: a hit moves its statement to the end.
  const statements = new Map<string, Statement>();
  let counter = 0;

  /** Runs a protocol message; PGlite's parser throws the first DatabaseError, as in query(). */
  const run = (message: Uint8Array) => inner.execProtocolStream(message, { syncToFs: false, throwOnError: true });

  async function prepare(text: string): Promise<Statement> {
    const name = `verity_${(counter += 1)}`;
    const messages = await run(
      concat([serialize.parse({ name, text, types: [] }), serialize.describe({ type: "S", name }), serialize.sync()]),
    );
    let paramTypes: number[] = [];
    let fields: Statement["fields"] = [];
    for (const message of messages) {
      if (message.name === "parameterDescription") paramTypes = message.dataTypeIDs as number[];
      else if (message.name === "rowDescription")
        fields = (message.fields as { name: string; dataTypeID: number }[]).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
    }
    const statement: Statement = { name, paramTypes, fields };
    if (statements.size >= MAX_STATEMENTS) {
      const [oldest, old] = statements.entries().next().value!;
      statements.delete(oldest);
      await run(concat([serialize.close({ type: "S", name: old.name }), serialize.sync()])).catch(() => {});
    }
    statements.set(text, statement);
    return statement;
  }

  async function forget(text: string, statement: Statement): Promise<void> {
    if (statements.get(text) === statement) statements.delete(text);
    await run(concat([serialize.close({ type: "S", name: statement.name }), serialize.sync()])).catch(() => {});
  }

  function columnParsers(statement: Statement, options: QueryOptions | undefined) {
    const custom = options?.parsers;
    if (statement.columnParsers && statement.parsersFor === custom) return statement.columnParsers;
    const parsers = statement.fields.map((field) => custom?.[field.dataTypeID] ?? inner.parsers[field.dataTypeID]);
    statement.parsersFor = custom;
    statement.columnParsers = parsers;
    return parsers;
  }

  async function execute<T>(statement: Statement, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const oid = statement.paramTypes[i]!;
      const serializer = options?.serializers?.[oid] ?? inner.serializers[oid];
      const value = serializer ? serializer(param) : String(param);
      return typeof value === "string" && value.length >= BINARY_TEXT_MIN_LENGTH ? (binaryText(oid, value) ?? value) : value;
    });
    const messages = await run(concat([serialize.bind({ statement: statement.name, values }), serialize.execute({}), serialize.sync()]));
    const parsers = columnParsers(statement, options);
    const { fields } = statement;
    const asArray = options?.rowMode === "array";
    const rows: unknown[] = [];
    let affectedRows = 0;
    let rowCount: number | undefined;
    for (const message of messages) {
      if (message.name === "dataRow") {
        const raw = message.fields as (string | null)[];
        const parsed = new Array(raw.length);
        for (let c = 0; c < raw.length; c++) {
          const value = raw[c]!;
          const parser = parsers[c];
          parsed[c] = value === null ? null : parser ? parser(value, fields[c]!.dataTypeID) : value;
        }
        if (asArray) rows.push(parsed);
        else {
          const row: Record<string, unknown> = {};
          for (let c = 0; c < parsed.length; c++) row[fields[c]!.name] = parsed[c];
          rows.push(row);
        }
      } else if (message.name === "commandComplete") {
        const words = (message.text as string).split(" ");
        const count = parseInt(words[words.length - 1]!, 10);
        if (!Number.isNaN(count)) rowCount = count;
        if (["INSERT", "UPDATE", "DELETE", "COPY", "MERGE"].includes(words[0]!)) affectedRows += count;
      }
    }
    const result = { rows, fields, affectedRows } as Results<T> & { rowCount?: number };
    if (rowCount !== undefined) result.rowCount = rowCount;
    return result;
  }

  /** One statement under the locks the caller holds. */
  async function runStatement<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    let statement = statements.get(text);
    try {
      if (statement) {
        statements.delete(text);
        statements.set(text, statement);
      } else {
        statement = await prepare(text);
      }
      try {
        return await execute<T>(statement, params, options);
      } catch (error) {
        if ((error as { code?: string }).code !== PLAN_CHANGED || inTransaction) throw error;
        await forget(text, statement);
        statement = await prepare(text);
        return await execute<T>(statement, params, options);
      }
    } catch (error) {
      if (error && typeof error === "object") Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  function txClient(tx: Transaction): Transaction {
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property !== "query") return Reflect.get(target, property, receiver);
        return async <T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> => {
          if (options?.blob || !DATA_STATEMENT.test(text)) return target.query<T>(text, params, options);
          if (target.closed) throw new Error("Transaction is closed");
          return inner._runExclusiveQuery(() => runStatement<T>(text, params, options, true));
        };
      },
    });
  }

  return {
    async query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      if (options?.blob || !DATA_STATEMENT.test(text)) return pg.query<T>(text, params, options);
      await pg.waitReady;
      return inner._runExclusiveTransaction(() =>
        inner._runExclusiveQuery(async () => {
          const result = await runStatement<T>(text, params, options, false);
          await pg.syncToFs();
          return result;
        }),
      );
    },
    transaction: (callback) => pg.transaction((tx) => callback(txClient(tx))),
    exec: (query, options) => pg.exec(query, options),
    get preparedCount() {
      return statements.size;
    },
  };
}
