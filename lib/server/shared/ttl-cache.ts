/**
 * A small cache of short-lived answers in front of the database (tokens, a team's settings, a hosted
 * page's frame ancestors): an entry older than `ttlMs` is a miss; past `max` entries the oldest goes.
 *
 * The entries live on globalThis under the cache's name, because Next loads its own copies of
 * server modules beside the custom server's: a change saved through the console (a server action)
 * must clear what the API's copy holds, at once. Other instances see a change within `ttlMs`.
 */
export interface TtlCache<V> {
  get(key: string, now: number): V | undefined;
  set(key: string, value: V, now: number): void;
  delete(key: string): void;
  /** Drops every entry whose value matches (every entry without a test). */
  clear(match?: (value: V) => boolean): void;
}

type Entries<V> = Map<string, { value: V; until: number }>;

export function sharedTtlCache<V>(name: string, { ttlMs, max }: { ttlMs: number; max: number }): TtlCache<V> {
  const key = Symbol.for(`verity.cache.${name}`);
  const holder = globalThis as { [key: symbol]: Entries<V> | undefined };
  const entries = (): Entries<V> => (holder[key] ??= new Map());
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
    clear(match) {
      const map = entries();
      if (!match) return map.clear();
      for (const [k, entry] of map) if (match(entry.value)) map.delete(k);
    },
  };
}
