import { describe, expect, it } from "vitest";
import { compareNames } from "@/lib/server/documents/compare-identity";

describe("compareNames (document vs claim)", () => {
  it.each([
    [
      { firstName: "ANNA MARIA", lastName: "MUELLER" },
      { firstName: "Anna", lastName: "Müller" },
    ],
    [
      { firstName: "ANNA", lastName: "MULLER" },
      { firstName: "Anna", lastName: "Müller" },
    ],
    [
      { firstName: "MUHAMMAD", lastName: "AL RASHID" },
      { firstName: "Mohammed", lastName: "Al-Rashid" },
    ],
    [
      { firstName: "SEAN", lastName: "OBRIEN" },
      { firstName: "Seán", lastName: "O'Brien" },
    ],
    [
      { firstName: "LUKASZ", lastName: "WOJCIK" },
      { firstName: "Łukasz", lastName: "Wójcik" },
    ],
    [
      { firstName: "JOSE LUIS", lastName: "GARCIA MARQUEZ" },
      { firstName: "José Luis", lastName: "García Márquez" },
    ],
  ])("%o is consistent with the claim %o", (document, claim) => {
    expect(compareNames(document, claim)).toEqual({ consistent: true, mismatches: [] });
  });

  it.each([
    [{ firstName: "JOHN", lastName: "SMITH" }, { firstName: "Jean", lastName: "Smith" }, ["first_name"]],
    [{ firstName: "ERIKA", lastName: "MUSTERMANN" }, { firstName: "Erika", lastName: "Schmidt" }, ["last_name"]],
    [{ firstName: "PETER", lastName: "WORTHINGTON" }, { firstName: "Peter", lastName: "Horthington" }, ["last_name"]],
    [{ firstName: null, lastName: "SMITH" }, { firstName: "John", lastName: "Smith" }, ["first_name"]],
  ])("%o is not consistent with %o", (document, claim, mismatches) => {
    expect(compareNames(document, claim)).toEqual({ consistent: false, mismatches });
  });

  it("accepts a last name the MRZ cut short only when the name zone was full", () => {
    const document = { firstName: "A", lastName: "WOLFESCHLEGELSTEINHAUSENBERGERD" };
    const claim = { firstName: "Adolph", lastName: "Wolfeschlegelsteinhausenbergerdorff" };
    expect(compareNames(document, claim, { truncated: true }).consistent).toBe(true);
    expect(compareNames(document, claim, { truncated: false }).consistent).toBe(false);
  });
});
