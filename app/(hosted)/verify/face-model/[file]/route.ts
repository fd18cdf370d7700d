// GET /verify/face-model/:file – the selfie step's in-browser face detector: BlazeFace as Human
// ships it (a graph and its weights), Human's script build, and the Web Worker that runs them
// (face-worker-source.ts). Only these files, read from the installed package, so the browser runs
// the version the lockfile pins. Never part of a page's first load: the selfie step asks for them
// once its camera shows a picture.
import { readFile } from "node:fs/promises";
import path from "node:path";
import { faceWorkerSource } from "@/components/hosted/capture/face-worker-source";
import { FACE_MODEL_BASE } from "@/components/hosted/capture/face-detector-config";

export const dynamic = "force-dynamic";

const PACKAGE = path.join(process.cwd(), "node_modules", "@vladmandic", "human");
const FILES: Record<string, { type: string; file: string } | { type: string; text: () => string }> = {
  "blazeface.json": { type: "application/json", file: path.join(PACKAGE, "models", "blazeface.json") },
  "blazeface.bin": { type: "application/octet-stream", file: path.join(PACKAGE, "models", "blazeface.bin") },
  "human.js": { type: "text/javascript; charset=utf-8", file: path.join(PACKAGE, "dist", "human.js") },
  "face-worker.js": { type: "text/javascript; charset=utf-8", text: () => faceWorkerSource(FACE_MODEL_BASE) },
};

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const entry = FILES[file];
  if (!entry) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const body = "text" in entry ? entry.text() : new Uint8Array(await readFile(entry.file));
  return new Response(body, {
    headers: { "content-type": entry.type, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" },
  });
}
