import { createHash } from "node:crypto";
import pg from "pg";
import { DATA_STATEMENT } from "./prepared-query";

/**
 * node-postgres with server-side prepared statements (issue 14). Drizzle sends every statement
 * unnamed, so PostgreSQL parses and plans it on every call. Here a data statement gets a name
 * derived from its text: node-postgres parses it once per connection and then only binds and
 * executes it, and PostgreSQL keeps its plan. Results and errors are unchanged.
 *
 * Bounded: only the first MAX_NAMED distinct texts are named (the app's statement shapes are a
 * fixed set; a text that only recurs with a different number of values never gets one), and
 * only short ones with few values. A named statement that stops working on a connection — its
 * table changed shape (0A000) or it was closed (26000) — is run unnamed from then on.
 */
const MAX_NAMED = 300;
const MAX_TEXT = 8 * 1024;
const MAX_VALUES = 64;
const STALE = new Set(["0A000", "26000"]);

const names = new Map<string, string | null>();

function nameFor(text: string, values: unknown): string | null {
  const known = names.get(text);
  if (known !== undefined) return known;
  if (names.size >= MAX_NAMED) return null;
  const count = Array.isArray(values) ? values.length : 0;
  const name =
    text.length <= MAX_TEXT && count <= MAX_VALUES && DATA_STATEMENT.test(text)
      ? `v_${createHash("sha1").update(text).digest("base64url").slice(0, 22)}`
      : null;
  names.set(text, name);
  return name;
}

type QueryConfig = { text?: unknown; name?: unknown; submit?: unknown; values?: unknown };

export class NamedStatementClient extends pg.Client {
  // node-postgres's overloads: (config, values?, callback?). The config object form is the one
  // drizzle uses; pg-pool's query() passes a callback.
  override query(...args: unknown[]): never {
    const run = (super.query as (...a: unknown[]) => never).bind(this);
    const [config] = args;
    const c = config as QueryConfig | null;
    if (!c || typeof c !== "object" || typeof c.text !== "string" || c.name !== undefined || typeof c.submit === "function")
      return run(...args);
    const text = c.text;
    const callback =
      typeof args[args.length - 1] === "function" ? (args[args.length - 1] as (error: unknown, result?: unknown) => void) : null;
    const rest = callback ? args.slice(1, -1) : args.slice(1);
    const name = nameFor(text, rest[0] ?? c.values);
    if (!name) return run(...args);
    const stale = (error: unknown) => STALE.has((error as { code?: string } | null)?.code ?? "");
    if (callback) {
      return run({ ...c, name }, ...rest, (error: unknown, result?: unknown) => {
        if (!stale(error)) return callback(error, result);
        names.set(text, null);
        run(config, ...rest, callback);
      });
    }
    return (run({ ...c, name }, ...rest) as unknown as Promise<unknown>).catch((error: unknown) => {
      if (!stale(error)) throw error;
      names.set(text, null);
      return run(config, ...rest);
    }) as never;
  }
}
