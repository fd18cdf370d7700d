import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { closeSupportingOcr } from "@/lib/server/documents/supporting/ocr-page";
import { readSupportingDocument } from "@/lib/server/documents/supporting/read-supporting-document";
import { billPhoto, randomBill, scannedBillPdf, type Bill, type BillKind } from "../../../support/documents/bills";
import { GENERATOR_TODAY } from "../../../support/documents/people";

// Address documents photographed with a phone or scanned, read with the learned OCR. Bills come
// from the generator (tests/support/documents/bills.ts); every expected value is its truth.
// A legible photo must pass without asking for a clearer copy.

const NOW = new Date(`${GENERATOR_TODAY}T12:00:00Z`);
const norm = (s: string | null | undefined) => (s ?? "").toUpperCase().replace(/\s+/g, " ").trim();
const claimOf = (bill: Bill) => ({
  firstName: bill.truth.firstName,
  lastName: bill.truth.lastName,
  address: { postcode: bill.truth.address.postcode },
});

afterAll(() => closeSupportingOcr());

async function expectRead(bill: Bill, kind: BillKind, document: Buffer) {
  const t = bill.truth;
  const result = await readSupportingDocument({ document, subType: kind, claim: claimOf(bill), now: NOW });
  expect(result.retake, JSON.stringify(result.validations)).toBeNull();
  expect(result.outcome).toBe("pass");
  expect(norm(result.extractedDetails.last_name)).toBe(norm(t.lastName));
  expect(norm(result.extractedDetails.first_name)).toBe(norm(t.firstName));
  expect(result.extractedDetails.postcode).toBe(t.address.postcode);
  expect(result.extractedDetails.document_date).toBe(t.documentDate);
  expect(result.validations.names_consistent?.status).toBe("pass");
  expect(result.validations.addresses_consistent?.status).toBe("pass");
}

describe("address documents photographed or scanned (learned OCR)", () => {
  it("reads a phone photo of a payslip (page turned, on a table, uneven light) and passes it", async () => {
    const bill = randomBill("bench:payslip:phone_photo:0", { kind: "payslip" });
    await expectRead(bill, "payslip", await billPhoto(bill, { level: "phone", seed: bill.truth.reference }));
  }, 120_000);

  it("reads a scanned bank statement whose holder's name is printed in capitals and passes it", async () => {
    const bill = randomBill("bench:bank_statement:scanned_pdf:0", { kind: "bank_statement" });
    await expectRead(bill, "bank_statement", await scannedBillPdf(bill, { seed: bill.truth.reference }));
  }, 120_000);

  it("asks for another copy when the photo holds no readable page", async () => {
    const noise = await sharp({ create: { width: 1200, height: 1600, channels: 3, background: { r: 150, g: 110, b: 90 } } })
      .blur(3)
      .jpeg()
      .toBuffer();
    const result = await readSupportingDocument({ document: noise, subType: "utility_bill", now: NOW });
    expect(result.outcome).toBe("fail");
    expect(result.retake?.reason).toBe("unreadable");
    expect(result.validations.document_complete_and_legible?.status).toBe("fail");
  }, 120_000);
});
