import { describe, expect, it } from "vitest";
import { sharedTtlCache } from "@/lib/server/shared/ttl-cache";

describe("sharedTtlCache", () => {
  it("answers an entry until it is ttlMs old, then misses", () => {
    const cache = sharedTtlCache<string>("test.ttl", { ttlMs: 5_000, max: 10 });
    cache.set("a", "one", 1_000);
    expect(cache.get("a", 1_000)).toBe("one");
    expect(cache.get("a", 5_999)).toBe("one");
    expect(cache.get("a", 6_000)).toBeUndefined();
    expect(cache.get("b", 1_000)).toBeUndefined();
  });

  it("is one cache for every copy that asks by the same name (Next's copies of a module and the server's)", () => {
    const server = sharedTtlCache<string>("test.shared", { ttlMs: 5_000, max: 10 });
    const nextCopy = sharedTtlCache<string>("test.shared", { ttlMs: 5_000, max: 10 });
    const other = sharedTtlCache<string>("test.other", { ttlMs: 5_000, max: 10 });
    server.set("k", "v", 0);
    expect(nextCopy.get("k", 1)).toBe("v");
    expect(other.get("k", 1)).toBeUndefined();
    nextCopy.delete("k");
    expect(server.get("k", 1)).toBeUndefined();
  });

  it("drops the oldest entry past max, and only the matching entries on a filtered clear", () => {
    const cache = sharedTtlCache<{ owner: string }>("test.max", { ttlMs: 5_000, max: 3 });
    cache.set("1", { owner: "x" }, 0);
    cache.set("2", { owner: "y" }, 0);
    cache.set("3", { owner: "x" }, 0);
    cache.set("3", { owner: "x" }, 0); // replacing an entry evicts nothing
    expect(cache.get("1", 1)).toEqual({ owner: "x" });
    cache.set("4", { owner: "y" }, 0);
    expect(cache.get("1", 1)).toBeUndefined();
    expect(["2", "3", "4"].map((k) => cache.get(k, 1)?.owner)).toEqual(["y", "x", "y"]);
    cache.clear((v) => v.owner === "y");
    expect(["2", "3", "4"].map((k) => cache.get(k, 1)?.owner)).toEqual([undefined, "x", undefined]);
    cache.clear();
    expect(cache.get("3", 1)).toBeUndefined();
  });
});
