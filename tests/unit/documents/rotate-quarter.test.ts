import { describe, expect, it } from "vitest";
import { rotate180 } from "@/lib/server/documents/image/rotate-180";
import { rotateQuarter } from "@/lib/server/documents/image/rotate-quarter";

// A 3 × 2 image: row 0 = 1 2 3, row 1 = 4 5 6.
const image = { width: 3, height: 2, data: Uint8Array.from([1, 2, 3, 4, 5, 6]) };

describe("quarter turns of a grey page", () => {
  it("turns clockwise: the bottom-left pixel comes to the top-left", () => {
    const turned = rotateQuarter(image, true);
    expect([turned.width, turned.height]).toEqual([2, 3]);
    expect([...turned.data]).toEqual([4, 1, 5, 2, 6, 3]);
  });

  it("turns anticlockwise: the top-right pixel comes to the top-left", () => {
    const turned = rotateQuarter(image, false);
    expect([...turned.data]).toEqual([3, 6, 2, 5, 1, 4]);
  });

  it("two quarter turns are a half turn, and a turn each way is none", () => {
    expect([...rotateQuarter(rotateQuarter(image, true), true).data]).toEqual([...rotate180(image).data]);
    expect([...rotateQuarter(rotateQuarter(image, true), false).data]).toEqual([...image.data]);
  });
});
