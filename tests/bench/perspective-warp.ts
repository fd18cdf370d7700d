// The perspective transform of the invariance bench: an inverse-homography warp on raw pixels, bilinear.
import { homographyFromPoints } from "../support/documents/homography";
import { edgeColour, type Raw } from "./picture-pixels";

/**
 * The page seen in perspective: turned by `degrees` about its horizontal axis (top away) or its
 * vertical axis (left side away), through a pinhole of focal length the picture's longer side. The
 * output is warped by the inverse homography, bilinear, uncovered corners in the edge colour.
 */
export function perspective(raw: Raw, degrees: number, axis: "horizontal" | "vertical"): Raw {
  const { width: w, height: h } = raw;
  const f = Math.max(w, h);
  const th = (degrees * Math.PI) / 180;
  const project = ([x, y]: [number, number]): [number, number] => {
    const cx = x - w / 2;
    const cy = y - h / 2;
    const depth = axis === "horizontal" ? f - cy * Math.sin(th) : f - cx * Math.sin(th);
    const px = axis === "horizontal" ? cx : cx * Math.cos(th);
    const py = axis === "horizontal" ? cy * Math.cos(th) : cy;
    return [(f * px) / depth, (f * py) / depth];
  };
  const corners: [number, number][] = [
    [0, 0],
    [w, 0],
    [w, h],
    [0, h],
  ];
  const projected = corners.map(project);
  const margin = 0.03 * Math.max(w, h);
  const minX = Math.min(...projected.map((p) => p[0])) - margin;
  const minY = Math.min(...projected.map((p) => p[1])) - margin;
  const outW = Math.round(Math.max(...projected.map((p) => p[0])) + margin - minX);
  const outH = Math.round(Math.max(...projected.map((p) => p[1])) + margin - minY);
  const dst = projected.map(([x, y]) => [x - minX, y - minY] as [number, number]);
  const m = homographyFromPoints(dst, corners); // output pixel → source pixel
  const fill = edgeColour(raw);
  const out = Buffer.alloc(outW * outH * 3);
  for (let y = 0; y < outH; y++) {
    for (let x = 0; x < outW; x++) {
      const d = m[6]! * x + m[7]! * y + m[8]!;
      const sx = (m[0]! * x + m[1]! * y + m[2]!) / d - 0.5;
      const sy = (m[3]! * x + m[4]! * y + m[5]!) / d - 0.5;
      const o = (y * outW + x) * 3;
      if (sx < 0 || sy < 0 || sx > w - 1 || sy > h - 1) {
        [out[o], out[o + 1], out[o + 2]] = [fill.r, fill.g, fill.b];
        continue;
      }
      const x0 = Math.floor(sx);
      const y0 = Math.floor(sy);
      const x1 = Math.min(w - 1, x0 + 1);
      const y1 = Math.min(h - 1, y0 + 1);
      const fx = sx - x0;
      const fy = sy - y0;
      for (let c = 0; c < 3; c++) {
        const p = (yy: number, xx: number) => raw.data[(yy * w + xx) * 3 + c]!;
        const top = p(y0, x0) * (1 - fx) + p(y0, x1) * fx;
        const bottom = p(y1, x0) * (1 - fx) + p(y1, x1) * fx;
        out[o + c] = Math.round(top * (1 - fy) + bottom * fy);
      }
    }
  }
  return { data: out, width: outW, height: outH };
}
