import { describe, expect, it } from "vitest";
import { checkFaceScan, detectImageType, FACE_SCAN_MAX_BYTES } from "@/lib/server/risk/check-face-scan";

const bytes = (...values: number[]) => new Uint8Array(values);
const JPEG = [0xff, 0xd8, 0xff, 0xdb];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

describe("magic bytes", () => {
  it.each([
    ["JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10), "image/jpeg"],
    ["JPEG (raw)", bytes(...JPEG), "image/jpeg"],
    ["PNG", bytes(...PNG, 0, 0, 0, 0x0d), "image/png"],
    ["GIF", bytes(0x47, 0x49, 0x46, 0x38, 0x39, 0x61), null],
    ["WebP", bytes(0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0), null],
    ["text", new TextEncoder().encode("hello"), null],
    ["two bytes of a JPEG", bytes(0xff, 0xd8), null],
    ["seven bytes of a PNG", bytes(...PNG.slice(0, 7)), null],
    ["PNG with a broken line-ending check", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x0a, 0x0a), null],
    ["nothing", bytes(), null],
  ])("%s → %s", (_label, head, expected) => {
    expect(detectImageType(head)).toBe(expected);
  });
});

describe("checkFaceScan", () => {
  const blob = (head: number[], size: number, type = "image/jpeg") => {
    const data = new Uint8Array(size);
    data.set(head);
    return new Blob([data], { type });
  };

  it("passes when there is no face_scan", async () => {
    expect(await checkFaceScan(undefined)).toEqual({ ok: true, value: null });
  });

  it("accepts a JPEG or PNG by content, whatever its declared type", async () => {
    expect(await checkFaceScan(blob(JPEG, 100, "application/octet-stream"))).toMatchObject({
      ok: true,
      value: { mimeType: "image/jpeg", size: 100 },
    });
    const png = await checkFaceScan(blob(PNG, 100, "image/jpeg"));
    expect(png).toMatchObject({ ok: true, value: { mimeType: "image/png", size: 100 } });
    // The engine gets the bytes themselves (face embedding, evidence).
    expect(png.ok && png.value?.bytes.subarray(0, 8)).toEqual(Buffer.from(PNG));
  });

  it("refuses another type as unsupported_type, keyed face_scan", async () => {
    const result = await checkFaceScan(blob([0x47, 0x49, 0x46, 0x38], 100));
    expect(result).toMatchObject({ ok: false, error: { kind: "unsupported_type", detail: { face_scan: expect.any(String) } } });
  });

  it("allows exactly 10 MB and refuses one byte more as too_large", async () => {
    expect((await checkFaceScan(blob(JPEG, FACE_SCAN_MAX_BYTES))).ok).toBe(true);
    const result = await checkFaceScan(blob(JPEG, FACE_SCAN_MAX_BYTES + 1));
    expect(result).toMatchObject({ ok: false, error: { kind: "too_large", detail: { face_scan: expect.any(String) } } });
  });
});
