// GET /verify/face-model/:file – the selfie step's in-browser face detector (BlazeFace, as Human
// ships it: a graph and its weights). Only these two files; read from the installed package, so
// the model in the browser is the one the server's version pins.
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-dynamic";

const FILES: Record<string, string> = { "blazeface.json": "application/json", "blazeface.bin": "application/octet-stream" };

export async function GET(_request: Request, { params }: { params: Promise<{ file: string }> }) {
  const { file } = await params;
  const type = FILES[file];
  if (!type) return new Response("Not found", { status: 404, headers: { "content-type": "text/plain" } });
  const bytes = await readFile(path.join(process.cwd(), "node_modules", "@vladmandic", "human", "models", file));
  return new Response(new Uint8Array(bytes), { headers: { "content-type": type, "cache-control": "public, max-age=86400", "x-content-type-options": "nosniff" } });
}

