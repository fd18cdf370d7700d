import { describe, expect, it } from "vitest";
import { combineStates } from "@/lib/server/enrichments/combine-states";
import { editDistance, matchName } from "@/lib/server/enrichments/credit-bureau/match-name";

const ada = { firstName: "Ada", lastName: "Lovelace" };

describe("bureau name matching", () => {
  it("matches exactly whatever the case, accents and punctuation", () => {
    expect(matchName({ firstName: "ADA", lastName: "lovelace" }, ada)).toBe("exact");
    expect(matchName({ firstName: "Siobhan", lastName: "Ni Bhriain" }, { firstName: "Siobhán", lastName: "Ní Bhriain" })).toBe("exact");
    expect(matchName({ firstName: "Mary-Ann", lastName: "O'Neill" }, { firstName: "Mary Ann", lastName: "ONeill" })).toBe("exact");
  });

  it("accepts an initial, a middle name, one typo or swapped names as close", () => {
    expect(matchName({ firstName: "A", lastName: "Lovelace" }, ada)).toBe("close");
    expect(matchName({ firstName: "Ada Augusta", lastName: "Lovelace" }, ada)).toBe("close");
    expect(matchName({ firstName: "Ada", lastName: "Lovelaec" }, ada)).toBe("close");
    expect(matchName({ firstName: "Ada", lastName: "Lovelae" }, ada)).toBe("close");
    expect(matchName({ firstName: "Lovelace", lastName: "Ada" }, ada)).toBe("close");
  });

  it("refuses other people", () => {
    expect(matchName({ firstName: "Ada", lastName: "Lovejoy" }, ada)).toBeNull();
    expect(matchName({ firstName: "Bea", lastName: "Lovelace" }, ada)).toBeNull();
    // Short names are too alike for typo tolerance.
    expect(matchName({ firstName: "Ada", lastName: "Lea" }, { firstName: "Ada", lastName: "Lee" })).toBeNull();
  });

  it("counts edits with adjacent swaps as one", () => {
    expect(editDistance("lovelace", "lovelaec")).toBe(1);
    expect(editDistance("smith", "smyth")).toBe(1);
    expect(editDistance("smith", "jones")).toBe(3);
  });
});

describe("combined state", () => {
  it("is PASS or FAIL when all ran checks agree, PARTIAL when they differ", () => {
    expect(combineStates(["PASS", "PASS"])).toBe("PASS");
    expect(combineStates(["FAIL", "FAIL"])).toBe("FAIL");
    expect(combineStates(["PASS", "FAIL"])).toBe("PARTIAL");
    expect(combineStates(["PASS", "NOT_PERFORMED"])).toBe("PASS");
    expect(combineStates(["NOT_PERFORMED", "NOT_PERFORMED"])).toBe("NOT_PERFORMED");
  });
});
