import type { OcrPoint } from "../ocr/learned-ocr";

/*
 * The learned recognizer often leaves out the spaces between capitalised words ("MROLUWASEUNNWACHUKWU",
 * "MrOluwaseunOlawale", "Accountreference:"), which a name or a label needs. The spaces are still
 * on the page: a word gap is a run of blank columns much wider than the gap between two letters.
 * They are found in the line's own pixels (its words' ink runs) and the text's characters are
 * shared out among the runs by their widths; the spaces the recognizer did read all stay.
 */

export interface RawImage {
  data: Buffer | Uint8Array;
  width: number;
  height: number;
  channels: number;
}

// Advance widths (Helvetica's, per 1,000 em), for placing the letters along the line.
const UPPER = [
  667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611,
];
const LOWER = [
  556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500,
];
const OTHER: Record<string, number> = {
  " ": 278,
  "'": 191,
  "’": 222,
  ",": 278,
  ".": 278,
  "-": 333,
  "/": 278,
  ":": 278,
  "(": 333,
  ")": 333,
  "&": 667,
  "1": 556,
};

function advance(c: string): number {
  const code = c.charCodeAt(0);
  if (code >= 65 && code <= 90) return UPPER[code - 65]!;
  if (code >= 97 && code <= 122) return LOWER[code - 97]!;
  return OTHER[c] ?? 556;
}

/** A word gap is at least this wide (in em); two letters are rarely more than 0.2 em apart, a space 0.33–0.45 em. */
const MIN_GAP_EM = 0.26;
const isDigit = (c: string | undefined) => !!c && c >= "0" && c <= "9";

/** A word's ink along the line, in px from the box's left edge. */
export interface InkRun {
  start: number;
  end: number;
}

/**
 * The words' ink runs in a line's box (split at blank stretches at least MIN_GAP_EM wide, the em
 * judged from the ink's width and the text read); null when the box is too faint or too small to tell.
 */
export function wordRuns(image: RawImage, box: [OcrPoint, OcrPoint, OcrPoint, OcrPoint], text: string): InkRun[] | null {
  const [p0, p1, , p3] = box;
  const along = Math.hypot(p1[0] - p0[0], p1[1] - p0[1]);
  const across = Math.hypot(p3[0] - p0[0], p3[1] - p0[1]);
  if (along < 8 || across < 6) return null;
  const nu = Math.min(4000, Math.round(along));
  // The box's height but its very edges (a neighbouring line's descenders may reach into them).
  const vs = Array.from({ length: 19 }, (_, k) => 0.05 + 0.05 * k);
  const ux = (p1[0] - p0[0]) / nu;
  const uy = (p1[1] - p0[1]) / nu;
  const { data, width, height, channels } = image;
  const lum = new Float32Array(nu * vs.length);
  for (let i = 0; i < nu; i++) {
    for (let k = 0; k < vs.length; k++) {
      const v = vs[k]!;
      const x = Math.round(p0[0] + ux * i + (p3[0] - p0[0]) * v);
      const y = Math.round(p0[1] + uy * i + (p3[1] - p0[1]) * v);
      if (x < 0 || y < 0 || x >= width || y >= height) return null;
      const at = (y * width + x) * channels;
      lum[i * vs.length + k] = channels >= 3 ? (data[at]! + data[at + 1]! + data[at + 2]!) / 3 : data[at]!;
    }
  }
  const sorted = Float32Array.from(lum).sort();
  const dark = sorted[Math.floor(sorted.length * 0.03)]!;
  const light = sorted[Math.floor(sorted.length * 0.9)]!;
  if (light - dark < 50) return null;
  const threshold = (dark + light) / 2;
  const inked = new Uint8Array(nu);
  for (let i = 0; i < nu; i++) for (let k = 0; k < vs.length; k++) if (lum[i * vs.length + k]! < threshold) inked[i] = 1;
  const first = inked.indexOf(1);
  const last = inked.lastIndexOf(1);
  if (first < 0 || last - first < 8) return null;
  const units = [...text.replace(/\s/g, "")].reduce((s, c) => s + advance(c), 0);
  if (units <= 0) return null;
  const minGap = (MIN_GAP_EM * (last - first + 1) * 1000) / units;
  const runs: InkRun[] = [];
  let runStart = first;
  for (let i = first; i <= last;) {
    if (inked[i]) {
      i++;
      continue;
    }
    let j = i;
    while (j <= last && !inked[j]) j++;
    if (j - i >= minGap) {
      runs.push({ start: runStart, end: i });
      runStart = j;
    }
    i = j;
  }
  runs.push({ start: runStart, end: last + 1 });
  return runs;
}

/**
 * The text's letters shared out among the ink runs, in order, so each run's share, laid out with
 * common sans-serif proportions, is as wide as the run (least squares over the whole line, so a
 * letter misread or lost in one word does not shift the others); a space goes where one run
 * ends and the next begins, except between two digits ("11" has wide side bearings), and every
 * space the recognizer read stays.
 */
export function restoreSpaces(text: string, runs: InkRun[]): string {
  const chars = [...text.trim()];
  const letters: string[] = [];
  const spaceBefore = new Set<number>();
  for (const c of chars) {
    if (/\s/.test(c)) spaceBefore.add(letters.length);
    else letters.push(c);
  }
  const n = letters.length;
  const k = runs.length;
  if (k < 2 || k > n) return text;
  const edges = [0];
  for (const c of letters) edges.push(edges.at(-1)! + advance(c));
  const inkWidth = runs.reduce((s, r) => s + (r.end - r.start), 0);
  const scale = inkWidth / edges[n]!;
  // best[j][b]: least cost of putting letters [0, b) in runs [0, j); from[j][b]: where run j-1's letters start.
  const best = Array.from({ length: k + 1 }, () => new Float64Array(n + 1).fill(Infinity));
  const from = Array.from({ length: k + 1 }, () => new Int32Array(n + 1));
  best[0]![0] = 0;
  for (let j = 1; j <= k; j++) {
    const run = runs[j - 1]!;
    const w = Math.max(1, run.end - run.start);
    for (let b = j; b <= n - (k - j); b++) {
      for (let a = j - 1; a < b; a++) {
        if (best[j - 1]![a] === Infinity) continue;
        const err = ((edges[b]! - edges[a]!) * scale - w) / w;
        const cost = best[j - 1]![a]! + err * err;
        if (cost < best[j]![b]!) {
          best[j]![b] = cost;
          from[j]![b] = a;
        }
      }
    }
  }
  if (best[k]![n] === Infinity) return text;
  const starts = new Set<number>();
  for (let j = k, b = n; j > 1; j--) {
    const a = from[j]![b]!;
    starts.add(a);
    b = a;
  }
  let out = "";
  for (let i = 0; i < n; i++) {
    const split = starts.has(i) && !(isDigit(letters[i - 1]) && isDigit(letters[i]));
    if (i > 0 && (spaceBefore.has(i) || split)) out += " ";
    out += letters[i];
  }
  return out;
}
