import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fieldErrors } from "@/lib/server/http/errors";
import { isApiPath } from "@/lib/server/http/routing";

describe("the server's router", () => {
  it.each([
    ["/api/v1/health", true],
    ["/api/v2/risk?report=radar", true],
    ["/api/openapi.json", true],
    ["/api/openapi.json?x=1", true],
    ["/api/auth/session", false], // next-auth stays in Next
    ["/api/v3/anything", false],
    ["/docs", false],
    ["/", false],
    ["/api/v1", false],
  ])("%s → API: %s", (url, expected) => {
    expect(isApiPath(url)).toBe(expected);
  });
});

describe("field errors", () => {
  it("keys zod issues by dotted field path and names unknown fields", () => {
    const schema = z.object({ email: z.string(), address: z.object({ postcode: z.string() }).strict() }).strict();
    const result = schema.safeParse({ address: { postcode: 1, planet: "Mars" }, extra: true });
    expect(result.success).toBe(false);
    expect(fieldErrors(result.error!)).toEqual({
      email: "Required",
      "address.postcode": "Invalid input: expected string, received number",
      "address.planet": "Unknown field",
      extra: "Unknown field",
    });
  });
});
