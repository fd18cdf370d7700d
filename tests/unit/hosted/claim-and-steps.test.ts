import { describe, expect, it } from "vitest";
import { ukPostcode } from "@/lib/contract/postcode";
import { readClaimForm } from "@/app/(hosted)/verify/[token]/_lib/read-claim-form";
import { currentStepIndex, progressSteps } from "@/app/(hosted)/verify/[token]/_lib/step-position";
import { noticeUrl } from "@/app/(hosted)/verify/[token]/_components/notice-url";

function form(fields: Record<string, string>): FormData {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.set(k, v);
  return f;
}

const person = { firstName: "Ada", lastName: "Lovelace", dobDay: "10", dobMonth: "12", dobYear: "1985" };

describe("UK postcodes", () => {
  it("accepts every shape Royal Mail uses, written the usual way", () => {
    for (const [typed, written] of [
      ["sw1a2aa", "SW1A 2AA"],
      ["M1 1AE", "M1 1AE"],
      ["b338th", "B33 8TH"],
      ["CR2 6XH", "CR2 6XH"],
      ["DN55 1PT", "DN55 1PT"],
      ["w1a 0ax", "W1A 0AX"],
      ["EC1A 1BB", "EC1A 1BB"],
      [" gir 0aa ", "GIR 0AA"],
    ]) {
      expect(ukPostcode(typed!)).toBe(written);
    }
  });

  it("refuses text that cannot be a postcode", () => {
    for (const typed of ["hello", "HE LLO", "12345", "SW1A", "SW1A 2A", "SW1A 2AAA", "1AB 2CD", "", "A1 AAA"])
      expect(ukPostcode(typed)).toBeNull();
  });
});

describe("the claim form as read on the server", () => {
  it("names each missing part of an address typed by hand", () => {
    const read = readClaimForm(form({ ...person, addressMode: "manual", houseNameOrNumber: "", street: "", city: "", postcode: "" }));
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.state.manualErrors).toEqual({
      houseNameOrNumber: "houseNameOrNumber",
      street: "street",
      city: "city",
      postcode: "postcode",
    });
    expect(read.state.fieldErrors).toEqual({});
  });

  it("calls an impossible postcode invalid and keeps the other fields' verdicts", () => {
    const read = readClaimForm(
      form({
        ...person,
        firstName: "",
        addressMode: "manual",
        houseNameOrNumber: "10",
        street: "Downing Street",
        city: "London",
        postcode: "hello",
      }),
    );
    expect(read.ok).toBe(false);
    if (read.ok) return;
    expect(read.state.manualErrors).toEqual({ postcode: "postcodeInvalid" });
    expect(read.state.fieldErrors).toEqual({ firstName: "firstName" });
  });

  it("reads a complete manual address", () => {
    const read = readClaimForm(
      form({ ...person, addressMode: "manual", houseNameOrNumber: "10", street: "Downing Street", city: "London", postcode: "sw1a2aa" }),
    );
    expect(read).toMatchObject({
      ok: true,
      claim: {
        firstName: "Ada",
        lastName: "Lovelace",
        dateOfBirth: "1985-12-10",
        address: { residence_number: "10", street: "Downing Street", city: "London", postcode: "SW1A 2AA" },
      },
    });
  });

  it("asks for an address when none was chosen from the list", () => {
    const read = readClaimForm(form({ ...person, addressMode: "lookup", address: "" }));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.state.fieldErrors).toEqual({ address: "address" });
  });
});

describe("step counting, the same on every device", () => {
  const flow = (screen: Parameters<typeof currentStepIndex>[0]["screen"]) =>
    ({ steps: ["photo_id", "video_selfie", "address_evidence"], screen }) as Parameters<typeof currentStepIndex>[0];

  it("counts consent, details, each step and the end", () => {
    expect(progressSteps({ steps: ["photo_id", "video_selfie", "address_evidence"] })).toEqual([
      "consent",
      "claim",
      "photo_id",
      "video_selfie",
      "address_evidence",
      "finish",
    ]);
    expect(currentStepIndex(flow({ kind: "consent" } as never))).toBe(0);
    expect(currentStepIndex(flow({ kind: "claim" } as never))).toBe(1);
    // The selfie is "Step 4 of 6" on the phone's page and on the desktop's handoff box alike.
    expect(currentStepIndex(flow({ kind: "step", step: "video_selfie" } as never)) + 1).toBe(4);
    expect(currentStepIndex(flow({ kind: "result", result: "verified" } as never))).toBe(5);
  });
});

describe("a refused upload's way back to the page", () => {
  it("carries why, and nothing else", () => {
    expect(noticeUrl("tok_1", "wrong_step")).toBe("/verify/tok_1?error=wrong_step");
    expect(noticeUrl("tok_1", "<script>")).toBe("/verify/tok_1?error=server");
  });
});
