import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parse } from "csv-parse/sync";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { embedFace, FACE_MIN_SIDE } from "@/lib/server/faces/embed-face";

/*
 * `npm run cli -- compare-faces` as an operator runs it: a child process, its stdout read line by
 * line. Real photographs (../shared/real-data/faces-deepface, linked into a scratch folder, never
 * copied into the project); expected bands from pairs.csv's Decision column.
 */
const REAL = path.resolve("../shared/real-data/faces-deepface");
const rows = parse(readFileSync(path.join(REAL, "pairs.csv")), { columns: true }) as { file_x: string; file_y: string; Decision: string }[];
const same = rows.find((r) => r.Decision === "Yes")!;
const different = rows.find((r) => r.Decision === "No")!;

let dir: string;
let outside: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), "compare-faces-"));
  for (const file of new Set([same.file_x, same.file_y, different.file_x, different.file_y, "couple.jpg"]))
    symlinkSync(path.join(REAL, file), path.join(dir, file));
  await sharp({ create: { width: 400, height: 300, channels: 3, background: "#b98" } })
    .jpeg()
    .toFile(path.join(dir, "blank.jpg"));
  // The same person's photo shrunk until the face is 0.8 × FACE_MIN_SIDE wide (the box measured on the full photo).
  const full = await embedFace(readFileSync(path.join(REAL, same.file_y)));
  if (!full.ok) throw new Error(full.error.message);
  const { width = 0 } = await sharp(path.join(REAL, same.file_y)).metadata();
  await sharp(path.join(REAL, same.file_y))
    .resize(Math.round((width * 0.8 * FACE_MIN_SIDE) / full.value.box[2]))
    .png()
    .toFile(path.join(dir, "tiny.png"));
  // A picture outside the folder, named with "..".
  outside = mkdtempSync(path.join(os.tmpdir(), "compare-faces-outside-"));
  symlinkSync(path.join(REAL, same.file_x), path.join(outside, same.file_x));
  writeFileSync(path.join(dir, "not-a-picture.jpg"), "%PDF-1.7");
  const lines = [
    "file_x,file_y,Decision",
    `${same.file_x},${same.file_y},Yes`,
    `${different.file_x},${different.file_y},No`,
    `${same.file_x},missing.jpg,`,
    `${same.file_x},blank.jpg,`,
    `${same.file_x},couple.jpg,`,
    `${same.file_x},not-a-picture.jpg,`,
    `../${path.basename(outside)}/${same.file_x},${same.file_y},`,
  ];
  writeFileSync(path.join(dir, "pairs.csv"), `${lines.join("\n")}\n`);
}, 60_000);
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

function runCli(args: string[]): Promise<{ code: number; stdout: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ["--import", "tsx", "scripts/cli.ts", ...args],
      { maxBuffer: 1 << 20, env: { ...process.env } },
      (error, stdout) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout });
      },
    );
  });
}

describe("npm run cli -- compare-faces", () => {
  it("prints one JSON object per pair and nothing else: bands, and an error line for each bad picture", async () => {
    const { code, stdout } = await runCli(["compare-faces", "--pairs", path.join(dir, "pairs.csv"), "--dir", dir]);
    const lines = stdout.trimEnd().split("\n");
    const out = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(out).toHaveLength(7);
    expect(out[0]).toEqual({ file_x: same.file_x, file_y: same.file_y, score: expect.any(Number), band: "pass" });
    expect(out[1]).toEqual({ file_x: different.file_x, file_y: different.file_y, score: expect.any(Number), band: "fail" });
    expect(out[0]!.score as number).toBeGreaterThan(out[1]!.score as number);
    for (const o of out.slice(0, 2)) expect(o.score as number).toSatisfy((s: number) => s >= 0 && s <= 1);
    expect(out[2]).toEqual({ file_x: same.file_x, file_y: "missing.jpg", error: "missing_file", file: "missing.jpg" });
    expect(out[3]).toEqual({ file_x: same.file_x, file_y: "blank.jpg", error: "no_face", file: "blank.jpg" });
    expect(out[4]).toEqual({ file_x: same.file_x, file_y: "couple.jpg", error: "several_faces", file: "couple.jpg" });
    expect(out[5]).toEqual({ file_x: same.file_x, file_y: "not-a-picture.jpg", error: "unreadable_image", file: "not-a-picture.jpg" });
    // A name leading out of the folder is not read, even where the file exists.
    expect(out[6]).toEqual({
      file_x: `../${path.basename(outside)}/${same.file_x}`,
      file_y: same.file_y,
      error: "missing_file",
      file: `../${path.basename(outside)}/${same.file_x}`,
    });
    expect(code).toBe(2); // some pairs could not be compared
  }, 180_000);

  it("says which face is too small", async () => {
    writeFileSync(path.join(dir, "tiny.csv"), `file_x,file_y\n${same.file_x},tiny.png\n`);
    const { stdout } = await runCli(["compare-faces", "--pairs", path.join(dir, "tiny.csv"), "--dir", dir]);
    expect(
      stdout
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l)),
    ).toEqual([{ file_x: same.file_x, file_y: "tiny.png", error: "face_too_small", file: "tiny.png" }]);
  }, 180_000);

  it("refuses a run without its pair file on one JSON line, exit code 1", async () => {
    const { code, stdout } = await runCli(["compare-faces", "--dir", dir]);
    expect(stdout.trimEnd().split("\n")).toHaveLength(1);
    expect(JSON.parse(stdout)).toMatchObject({ error: "usage", message: expect.stringContaining("--pairs") });
    expect(code).toBe(1);
  }, 60_000);
});
