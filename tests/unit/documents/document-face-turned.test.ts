import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { findDocumentFace } from "@/lib/server/documents/document-face";

// The portrait of a page photographed sideways or upside down (issue 33: the MRZ engine reads such
// pages; the portrait was then missing and the read became a retake). A real picture: documents-2's
// phone photo of a passport on a desk taken sideways (a portrait by eye: truth-2.json); and a page
// with no portrait stays without one when turned.
const REAL = path.resolve("../shared/real-data");

describe("the document's portrait on a turned page", () => {
  it("is found on a real phone photo of a passport taken sideways", async () => {
    const photo = readFileSync(path.join(REAL, "documents-2/python-mrz-scanner-sdk__enh_passport_90.jpg"));
    expect(await findDocumentFace(photo)).not.toBeNull();
  }, 60_000);

  it("finds none on a page without a portrait, whichever way it is turned", async () => {
    // The Austrian card's back: its MRZ side only (truth.json: no portrait).
    expect(await findDocumentFace(readFileSync(path.join(REAL, "documents/mrzdetection-id_fail.png")))).toBeNull();
  }, 60_000);
});
