import { describe, expect, it } from "vitest";
import { newId } from "@/lib/server/shared/crypto";

describe("newId (row ids from a pool of random bytes)", () => {
  it("is the prefix, an underscore and 12 random bytes in base64url", () => {
    const id = newId("risk");
    expect(id).toMatch(/^risk_[A-Za-z0-9_-]{16}$/);
    expect(Buffer.from(id.slice("risk_".length), "base64url")).toHaveLength(12);
  });

  it("never repeats an id, across many refills of the pool (341 ids a refill)", () => {
    const ids = new Set<string>();
    for (let i = 0; i < 20_000; i++) ids.add(newId("x"));
    expect(ids.size).toBe(20_000);
  });

  it("gives bytes that look random: every byte value turns up, none far more often than the others", () => {
    const counts = new Array<number>(256).fill(0);
    const ids = 20_000;
    for (let i = 0; i < ids; i++) for (const byte of Buffer.from(newId("x").slice(2), "base64url")) counts[byte]! += 1;
    const expected = (ids * 12) / 256; // ~938 of each value
    expect(Math.min(...counts)).toBeGreaterThan(expected * 0.8);
    expect(Math.max(...counts)).toBeLessThan(expected * 1.2);
  });
});
