// The upload routes' multipart parser (lib/server/http/parse-multipart.ts) against @fastify/busboy
// (undici's own, maintained) and busboy 1.6 (what ours replaced), on the bodies of the upload
// benches: the sandbox risk form (tests/bench/api.ts), a live risk form with a face photo
// (tests/bench/live-risk.ts's fields and a real face, 148 kB), and a 10 MB document upload.
// Each parser is given the body as the socket gives it (64 kB chunks) and makes the FormData the
// route's validator reads; the figure is the process's CPU time per body (user + system), the
// median of rounds, parsers taken in turn in each round so the machine's swings hit them alike.
//
//   npx tsx tests/bench/multipart-parsers.ts
//   FASTIFY_BUSBOY=/path/to/@fastify/busboy/index.js npx tsx tests/bench/multipart-parsers.ts
//     (@fastify/busboy is not a dependency; without it installed or named here its column is skipped)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { Readable } from "node:stream";
import busboy from "busboy";
import { parseMultipart } from "@/lib/server/http/parse-multipart";

const root = path.resolve(import.meta.dirname, "../..");
const BOUNDARY = "----verity-bench-boundary";
const CHUNK = 64 * 1024;

type Part = { name: string; value: string } | { name: string; filename: string; type: string; bytes: Buffer };

function body(parts: Part[]): Buffer {
  const pieces: Buffer[] = [];
  for (const part of parts) {
    if ("value" in part)
      pieces.push(Buffer.from(`--${BOUNDARY}\r\ncontent-disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    else
      pieces.push(
        Buffer.from(
          `--${BOUNDARY}\r\ncontent-disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\ncontent-type: ${part.type}\r\n\r\n`,
        ),
        part.bytes,
        Buffer.from("\r\n"),
      );
  }
  pieces.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return Buffer.concat(pieces);
}

/** A JPEG's bytes grown to `size` with random-looking bytes (a photo's entropy; the delimiter's bytes turn up as often). */
function documentOf(size: number): Buffer {
  const start = readFileSync(path.join(root, "../shared/real-data/documents/fastmrz-td3.jpg"));
  const out = Buffer.alloc(size);
  start.copy(out);
  let x = 0x9e3779b9;
  for (let i = start.length; i < size; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
}

const face = readFileSync(path.join(root, "../shared/real-data/faces-deepface/img1.jpg"));
const FORMS: { name: string; body: Buffer; perRound: number }[] = [
  {
    name: "sandbox risk form (5 fields)",
    perRound: 4000,
    body: body([
      { name: "first_name", value: "Jane" },
      { name: "last_name", value: "Doe" },
      { name: "email", value: "jane+review@example.com" },
      { name: "date_of_birth", value: "1990-01-31" },
      { name: "enrichments", value: '["ONLINE_FOOTPRINT","AML"]' },
    ]),
  },
  {
    name: `live risk form with a face (${Math.round(face.length / 1000)} kB)`,
    perRound: 600,
    body: body([
      { name: "first_name", value: "First7" },
      { name: "last_name", value: "Last7" },
      { name: "email", value: "person7@example.org" },
      { name: "date_of_birth", value: "1957-08-17" },
      { name: "phone", value: "+447700900123" },
      { name: "enrichments", value: '["ONLINE_FOOTPRINT","NFD"]' },
      { name: "face_scan", filename: "face.jpg", type: "image/jpeg", bytes: face },
    ]),
  },
  {
    name: "10 MB document upload",
    perRound: 12,
    body: body([
      { name: "sub_type", value: "Passport" },
      { name: "document", filename: "passport.jpg", type: "image/jpeg", bytes: documentOf(10 * 1024 * 1024) },
    ]),
  },
];
const CONTENT_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

const chunksOf = (b: Buffer) => Array.from({ length: Math.ceil(b.length / CHUNK) }, (_, i) => b.subarray(i * CHUNK, (i + 1) * CHUNK));

type Parser = (chunks: Buffer[], length: number) => Promise<FormData>;

/** Ours, as multipart.ts runs it: the chunks collected, then the whole body parsed. */
const ours: Parser = async (chunks, length) => parseMultipart(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, length), BOUNDARY);

/** busboy 1.6's streaming parser, files buffered whole as the routes did. */
const busboy16: Parser = (chunks) =>
  new Promise((resolve, reject) => {
    const form = new FormData();
    const bb = busboy({ headers: { "content-type": CONTENT_TYPE }, limits: { fieldSize: 1024 * 1024 } });
    let open = 0;
    let finished = false;
    const done = () => finished && open === 0 && resolve(form);
    bb.on("field", (name, value) => form.append(name, value));
    bb.on("file", (name, stream, info) => {
      open++;
      const parts: Buffer[] = [];
      stream.on("data", (d: Buffer) => parts.push(d));
      stream.on("end", () => {
        form.append(name, new File([Buffer.concat(parts)], info.filename, { type: info.mimeType }));
        open--;
        done();
      });
    });
    bb.on("error", reject);
    bb.on("close", () => {
      finished = true;
      done();
    });
    Readable.from(chunks).pipe(bb);
  });

type FastifyBusboy = new (options: { headers: Record<string, string>; limits?: Record<string, number> }) => NodeJS.WritableStream & {
  on(event: "field", listener: (name: string, value: string) => void): void;
  on(
    event: "file",
    listener: (name: string, stream: NodeJS.ReadableStream, filename: string, encoding: string, mimeType: string) => void,
  ): void;
  on(event: "finish" | "error", listener: (error?: Error) => void): void;
};

function loadFastifyBusboy(): FastifyBusboy | null {
  const require = createRequire(import.meta.url);
  for (const id of ["@fastify/busboy", process.env.FASTIFY_BUSBOY].filter((x): x is string => !!x)) {
    try {
      return require(id) as FastifyBusboy;
    } catch {
      // next
    }
  }
  return null;
}

function fastifyParser(Busboy: FastifyBusboy): Parser {
  return (chunks) =>
    new Promise((resolve, reject) => {
      const form = new FormData();
      const bb = new Busboy({ headers: { "content-type": CONTENT_TYPE }, limits: { fieldSize: 1024 * 1024 } });
      let open = 0;
      let finished = false;
      const done = () => finished && open === 0 && resolve(form);
      bb.on("field", (name, value) => form.append(name, value));
      bb.on("file", (name, stream, filename, _encoding, mimeType) => {
        open++;
        const parts: Buffer[] = [];
        stream.on("data", (d: Buffer) => parts.push(d));
        stream.on("end", () => {
          form.append(name, new File([Buffer.concat(parts)], filename, { type: mimeType }));
          open--;
          done();
        });
      });
      bb.on("error", (error) => reject(error));
      bb.on("finish", () => {
        finished = true;
        done();
      });
      Readable.from(chunks).pipe(bb);
    });
}

/** The same fields and files (names, values, sizes) from every parser, or the bench means nothing. */
async function summary(form: FormData): Promise<string> {
  const out: string[] = [];
  for (const [name, value] of form.entries())
    out.push(typeof value === "string" ? `${name}=${value}` : `${name}:${value.name}:${value.type}:${value.size}`);
  return out.join("|");
}

async function cpuPerBody(parse: Parser, chunks: Buffer[], length: number, n: number): Promise<number> {
  const start = process.cpuUsage();
  for (let i = 0; i < n; i++) await parse(chunks, length);
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const parsers: [string, Parser][] = [
    ["ours", ours],
    ["busboy 1.6", busboy16],
  ];
  const Fastify = loadFastifyBusboy();
  if (Fastify) parsers.push(["@fastify/busboy", fastifyParser(Fastify)]);
  else console.log("@fastify/busboy is not installed (set FASTIFY_BUSBOY to a checkout's index.js): its column is skipped");
  const rounds = Number(process.env.BENCH_ROUNDS ?? 7);
  console.log(`CPU µs per body (median of ${rounds} rounds), node ${process.version}\n`);
  for (const form of FORMS) {
    const chunks = chunksOf(form.body);
    const expected = await summary(await ours(chunks, form.body.length));
    for (const [name, parse] of parsers) {
      const got = await summary(await parse(chunks, form.body.length));
      if (got !== expected) throw new Error(`${name} read ${form.name} differently:\n${got}\n${expected}`);
      await cpuPerBody(parse, chunks, form.body.length, Math.max(2, form.perRound / 4)); // warm-up
    }
    const samples = new Map<string, number[]>(parsers.map(([name]) => [name, []]));
    for (let r = 0; r < rounds; r++)
      for (const [name, parse] of parsers) samples.get(name)!.push(await cpuPerBody(parse, chunks, form.body.length, form.perRound));
    const base = median(samples.get("ours")!);
    const cells = parsers.map(([name]) => {
      const m = median(samples.get(name)!);
      return `${name} ${m.toFixed(m < 100 ? 1 : 0)} µs (${name === "ours" ? "1.00" : (m / base).toFixed(2)}×)`;
    });
    console.log(`${form.name.padEnd(36)} ${(form.body.length / 1024).toFixed(0).padStart(6)} KiB   ${cells.join("   ")}`);
  }
}

await main();
