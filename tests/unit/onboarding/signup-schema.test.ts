import { describe, expect, it } from "vitest";
import { checkPostcode } from "@/lib/contract/postcode";
import {
  addressStepSchema,
  detailsStepSchema,
  formDataToRaw,
  manualToAddress,
  postcodeField,
  selfieField,
  signupSchema,
  sniffImageType,
  toFieldErrors,
} from "@/lib/onboarding/signup-schema";

const details = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com", dateOfBirth: { day: "10", month: "12", year: "1985" } };

function dobError(day: string, month: string, year: string): string | undefined {
  const result = detailsStepSchema.safeParse({ ...details, dateOfBirth: { day, month, year } });
  return result.success ? undefined : toFieldErrors(result.error).dateOfBirth?.[0];
}

describe("sign-up schema", () => {
  it("turns day, month and year into YYYY-MM-DD with plain messages", () => {
    expect(detailsStepSchema.parse(details).dateOfBirth).toBe("1985-12-10");
    expect(detailsStepSchema.parse({ ...details, dateOfBirth: { day: "1", month: "2", year: "1990" } }).dateOfBirth).toBe("1990-02-01");
    expect(dobError("", "", "")).toBe("Enter your date of birth");
    expect(dobError("1", "", "")).toBe("Your date of birth must include a month and year");
    expect(dobError("31", "2", "1990")).toBe("Date of birth must be a real date");
    expect(dobError("1", "1", "3000")).toBe("Date of birth must be in the past");
    expect(dobError("1", "1", String(new Date().getUTCFullYear() - 10))).toBe("You must be 18 or over to open an account");
    expect(dobError("1", "1", "1850")).toBe("Check the year of your date of birth");
    expect(dobError("a", "1", "1990")).toBe("Date of birth must be numbers, like 27 3 1990");
  });

  it("gives every field its own message", () => {
    const result = detailsStepSchema.safeParse({
      firstName: " ",
      lastName: "<b>",
      email: "nope",
      dateOfBirth: { day: "", month: "", year: "" },
    });
    expect(result.success).toBe(false);
    const errors = toFieldErrors(result.error!);
    expect(errors.firstName).toEqual(["Enter your first name"]);
    expect(errors.lastName?.[0]).toMatch(/can only contain letters/);
    expect(errors.email).toEqual(["Enter an email address in the right format, like name@example.com"]);
  });

  it("normalises postcodes and refuses what cannot be one", () => {
    expect(postcodeField.parse(" sw1a2aa ")).toBe("SW1A 2AA");
    expect(postcodeField.parse("nw1 6xe")).toBe("NW1 6XE");
    expect(postcodeField.safeParse("!!").success).toBe(false);
    // Issue 28: a word is not a postcode, and is not looked up as "HE LLO"; the risk form, the
    // onboarding app and the hosted claim share the rule.
    expect(postcodeField.safeParse("hello").error?.issues[0]?.message).toBe("Enter a real UK postcode, like SW1A 2AA");
    expect(checkPostcode("hello")).toEqual({ ok: false, message: "Enter a real UK postcode, like SW1A 2AA" });
    expect(checkPostcode("gir0aa")).toEqual({ ok: true, postcode: "GIR 0AA" });
    expect(checkPostcode("dn551pt")).toEqual({ ok: true, postcode: "DN55 1PT" });
    expect(postcodeField.safeParse("").error?.issues[0]?.message).toBe("Enter a postcode");
  });

  it("accepts a chosen address or a manual one, and maps house numbers and names", () => {
    const chosen = {
      residence_number: "10",
      street: "Downing Street",
      city: "London",
      postcode: "SW1A 2AA",
      country_code: "GB",
      country: "United Kingdom",
    };
    expect(addressStepSchema.parse({ addressMode: "lookup", address: JSON.stringify(chosen) })).toEqual({
      addressMode: "lookup",
      address: chosen,
    });
    const missing = addressStepSchema.safeParse({ addressMode: "lookup", address: "" });
    expect(toFieldErrors(missing.error!).address).toEqual(["Find your address with your postcode, or enter it manually"]);
    const manual = addressStepSchema.safeParse({ addressMode: "manual", houseNameOrNumber: "", street: "", city: "", postcode: "" });
    expect(Object.keys(toFieldErrors(manual.error!)).sort()).toEqual(["city", "houseNameOrNumber", "postcode", "street"]);
    expect(manualToAddress({ houseNameOrNumber: "12a", street: "High Street", city: "Bath", postcode: "BA1 1AA" })).toMatchObject({
      residence_number: "12a",
      country_code: "GB",
    });
    expect(manualToAddress({ houseNameOrNumber: "Rose Cottage", street: "Lane", city: "Bath", postcode: "BA1 1AA" })).toMatchObject({
      building_name: "Rose Cottage",
    });
  });

  it("checks the selfie's size and type, and treats an empty file input as no selfie", () => {
    expect(selfieField.parse(new File([], ""))).toBeUndefined();
    expect(
      selfieField.safeParse(new File([new Uint8Array(10 * 1024 * 1024 + 1)], "big.jpg", { type: "image/jpeg" })).error?.issues[0]?.message,
    ).toBe("The selfie must be smaller than 10 MB");
    expect(selfieField.safeParse(new File(["x"], "a.gif", { type: "image/gif" })).error?.issues[0]?.message).toBe(
      "The selfie must be a JPEG or PNG photo",
    );
    expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe("image/jpeg");
    expect(sniffImageType(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("GIF89a.."))).toBeNull();
  });

  it("reads a submitted form into the whole sign-up", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      dobDay: "10",
      dobMonth: "12",
      dobYear: "1985",
      addressMode: "manual",
      houseNameOrNumber: "1",
      street: "High Street",
      city: "Bath",
      postcode: "ba11aa",
    }))
      form.set(k, v);
    expect(signupSchema.parse(formDataToRaw(form))).toEqual({
      firstName: "Ada",
      lastName: "Lovelace",
      email: "ada@example.com",
      dateOfBirth: "1985-12-10",
      address: {
        residence_number: "1",
        street: "High Street",
        city: "Bath",
        postcode: "BA1 1AA",
        country_code: "GB",
        country: "United Kingdom",
      },
      selfie: undefined,
    });
  });
});
