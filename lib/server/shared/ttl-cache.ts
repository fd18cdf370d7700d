import { tellPeer } from "./process-link";

/**
 * A small cache of short-lived answers in front of the database (tokens, a team's settings, a hosted
 * page's frame ancestors): an entry older than `ttlMs` is a miss; past `max` entries the oldest goes.
 *
 * The entries live on globalThis under the cache's name, because Next loads its own copies of
 * server modules beside the custom server's: a change saved through the console (a server action)
 * must clear what the API's copy holds, at once. `forget` and `clear` also reach the other process
 * of a two-process server (process-link.ts). Other instances see a change within `ttlMs`.
 */
export interface TtlCache<V> {
  get(key: string, now: number): V | undefined;
  set(key: string, value: V, now: number): void;
  /** Drops this process's entry (a lookup that found nothing). */
  delete(key: string): void;
  /** Drops the entry here and in the peer process (a change was saved). */
  forget(key: string): void;
  /** Drops every entry whose value matches (every entry without a test); the peer drops them all. */
  clear(match?: (value: V) => boolean): void;
}

type Entries<V> = Map<string, { value: V; until: number }>;

const holder = globalThis as { [key: symbol]: Entries<unknown> | undefined };
const entriesOf = <V>(name: string): Entries<V> => (holder[Symbol.for(`verity.cache.${name}`)] ??= new Map()) as Entries<V>;

/** What the peer process asked for: its change made this process's entries stale. */
export function forgetSharedCacheEntries(name: string, key?: string): void {
  if (key === undefined) entriesOf(name).clear();
  else entriesOf(name).delete(key);
}

export function sharedTtlCache<V>(name: string, { ttlMs, max }: { ttlMs: number; max: number }): TtlCache<V> {
  const entries = (): Entries<V> => entriesOf<V>(name);
  return {
    get(k, now) {
      const hit = entries().get(k);
      return hit && hit.until > now ? hit.value : undefined;
    },
    set(k, value, now) {
      const map = entries();
      if (map.size >= max && !map.has(k)) map.delete(map.keys().next().value!);
      map.set(k, { value, until: now + ttlMs });
    },
    delete(k) {
      entries().delete(k);
    },
    forget(k) {
      entries().delete(k);
      tellPeer({ verity: "cache", name, key: k });
    },
    clear(match) {
      tellPeer({ verity: "cache", name });
      const map = entries();
      if (!match) return map.clear();
      for (const [k, entry] of map) if (match(entry.value)) map.delete(k);
    },
  };
}
