import { describe, expect, it } from "vitest";
import { readAssessmentForm } from "@/app/(console)/console/(staff)/risk/new/read-assessment-form";

function form(fields: Record<string, string | string[] | File>): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) for (const v of value) data.append(key, v);
    else data.append(key, value);
  }
  return data;
}

const person = {
  firstName: " Jane ",
  lastName: "Doe",
  email: "jane@example.com",
  dobDay: "7",
  dobMonth: "3",
  dobYear: "1990",
  addressMode: "lookup",
  address: "",
  report: "headline",
};
const downing = {
  residence_number: "10",
  street: "Downing Street",
  city: "London",
  postcode: "SW1A 2AA",
  country_code: "GB",
  country: "United Kingdom",
};

describe("the console's run-an-assessment form", () => {
  it("builds the risk endpoint's request: trimmed names, ISO date, E.164 phone, enrichments, the chosen address", () => {
    const read = readAssessmentForm(
      form({
        ...person,
        phone: "+44 7700 900123",
        enrichments: ["CREDIT_BUREAU", "AML"],
        address: JSON.stringify(downing),
        report: "radar",
      }),
    );
    expect(read.ok).toBe(true);
    if (!read.ok) return;
    expect(read.report).toBe("radar");
    expect(read.request).toMatchObject({
      first_name: "Jane",
      last_name: "Doe",
      email: "jane@example.com",
      date_of_birth: "1990-03-07",
      phone: "+447700900123",
      enrichments: ["CREDIT_BUREAU", "AML"],
      address: downing,
    });
    expect(read.request.face_scan).toBeUndefined();
  });

  it("turns a typed-in address into the API's address object", () => {
    const read = readAssessmentForm(
      form({ ...person, addressMode: "manual", houseNameOrNumber: "Flat 2", street: "High Street", city: "Leeds", postcode: "ls11aa" }),
    );
    expect(read.ok && read.request.address).toEqual({
      building_name: "Flat 2",
      street: "High Street",
      city: "Leeds",
      postcode: "LS1 1AA",
      country_code: "GB",
      country: "United Kingdom",
    });
  });

  it("puts every problem on its field, in the staff member's words", () => {
    const read = readAssessmentForm(
      form({
        firstName: "",
        lastName: "Doe",
        email: "not-an-email",
        dobDay: "",
        dobMonth: "",
        dobYear: "",
        phone: "0770",
        addressMode: "lookup",
        address: "",
        enrichments: ["CREDIT_BUREAU"],
      }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fieldErrors.firstName?.[0]).toMatch(/first name/i);
    expect(read.fieldErrors.email).toEqual(["Must be an email address"]);
    expect(read.fieldErrors.dateOfBirth).toEqual(["Enter the date of birth"]);
    expect(read.fieldErrors.phone?.[0]).toMatch(/E\.164/);
    expect(read.fieldErrors.address?.[0]).toMatch(/credit bureau needs the address/);
    expect(read.fieldErrors.lastName).toBeUndefined();
    const empty = readAssessmentForm(form({ ...person, email: "" }));
    expect(empty.ok ? [] : empty.fieldErrors.email).toEqual(["Enter the email address"]);
  });

  it("checks a typed-in address part by part, and a date that does not exist", () => {
    const read = readAssessmentForm(
      form({
        ...person,
        dobDay: "31",
        dobMonth: "2",
        addressMode: "manual",
        houseNameOrNumber: "1",
        street: "",
        city: "Leeds",
        postcode: "!!",
      }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.fieldErrors.street).toEqual(["Enter the street"]);
    expect(read.fieldErrors.postcode?.[0]).toBe("Enter a real UK postcode, like SW1A 2AA");
    expect(read.fieldErrors.dateOfBirth).toEqual(["Enter a real date, like 27 3 1990"]);
  });

  it("passes the face image on, and refuses one over 10 MB before anything else", () => {
    const small = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1])], "face.jpg", { type: "image/jpeg" });
    const read = readAssessmentForm(form({ ...person, faceImage: small }));
    expect(read.ok && read.request.face_scan?.size).toBe(5);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" });
    const refused = readAssessmentForm(form({ ...person, faceImage: big }));
    expect(refused.ok ? [] : refused.fieldErrors.faceImage).toEqual(["The face image must be smaller than 10 MB"]);
  });
});
