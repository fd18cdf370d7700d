import { describe, expect, it } from "vitest";
import { riskRequestSchema } from "@/lib/contract";
import { fieldErrors } from "@/lib/server/http/errors";

const person = { first_name: "Dana", last_name: "Webb", email: "dwebb@email.com", date_of_birth: "1990-01-31" };
const address = { residence_number: "10", city: "London", postcode: "SW1A 2AA", country_code: "GB" };

const errorsOf = (form: Record<string, unknown>) => {
  const result = riskRequestSchema.safeParse(form);
  return result.success ? {} : fieldErrors(result.error);
};

describe("the risk request form", () => {
  it("parses the JSON fields and normalises enrichment names to upper case", () => {
    const parsed = riskRequestSchema.parse({
      ...person,
      enrichments: '["credit_bureau","Online_Footprint","AML","nfd"]',
      address: JSON.stringify(address),
      thresholds: '{"aml":90}',
      phone: "+447700900123",
    });
    expect(parsed.enrichments).toEqual(["CREDIT_BUREAU", "ONLINE_FOOTPRINT", "AML", "NFD"]);
    expect(parsed.address).toEqual(address);
    expect(parsed.thresholds).toEqual({ aml: 90 });
  });

  it("names required fields and the first bad one of each", () => {
    expect(errorsOf({})).toEqual({ first_name: "Required", last_name: "Required", email: "Required", date_of_birth: "Required" });
  });

  it("refuses duplicate enrichments, in any spelling", () => {
    expect(errorsOf({ ...person, enrichments: '["AML","NFD","aml"]' })).toEqual({ "enrichments.2": "Duplicate of AML" });
  });

  it("keys malformed JSON by its field", () => {
    expect(errorsOf({ ...person, enrichments: "[", address: "{", thresholds: "x" })).toEqual({
      enrichments: "Malformed JSON",
      address: "Malformed JSON",
      thresholds: "Malformed JSON",
    });
  });

  it("requires a complete address with CREDIT_BUREAU only", () => {
    expect(errorsOf({ ...person, enrichments: '["AML"]' })).toEqual({});
    expect(errorsOf({ ...person, enrichments: '["CREDIT_BUREAU"]' })).toEqual({ address: "Required when CREDIT_BUREAU is requested" });
    expect(errorsOf({ ...person, enrichments: '["CREDIT_BUREAU"]', address: JSON.stringify({ ...address, postcode: "" }) })).toEqual({
      "address.postcode": "Required when CREDIT_BUREAU is requested",
    });
    const withBuilding = { ...address, residence_number: undefined, building_name: "Flat A" };
    expect(errorsOf({ ...person, enrichments: '["CREDIT_BUREAU"]', address: JSON.stringify(withBuilding) })).toEqual({});
  });

  it("refuses unknown fields and threshold keys, and text in place of a file", () => {
    expect(errorsOf({ ...person, colour: "blue", thresholds: '{"nfd":1}', face_scan: "abc" })).toEqual({
      colour: "Unknown field",
      "thresholds.nfd": "Unknown field",
      face_scan: "Must be a file upload",
    });
  });

  it.each(["+447700900123", "+12025550123", "+3361234567"])("accepts the E.164 phone %s", (phone) => {
    expect(errorsOf({ ...person, phone })).toEqual({});
  });
  it.each(["447700900123", "+0447700900123", "+44 7700 900123", "+44123", "+4477009001234567"])("refuses the phone %s", (phone) => {
    expect(errorsOf({ ...person, phone })).toHaveProperty("phone");
  });
});
