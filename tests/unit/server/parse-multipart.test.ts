import { Readable } from "node:stream";
import busboy from "busboy";
import { describe, expect, it } from "vitest";
import type { IncomingMessage } from "node:http";
import { PassThrough } from "node:stream";
import { readNodeMultipart, TooLarge } from "@/lib/server/http/multipart";
import { boundaryOf, MalformedMultipart, MAX_HEADER_BYTES, MAX_PARTS, parseMultipart } from "@/lib/server/http/parse-multipart";
import { readWebMultipart } from "@/lib/server/http/read-web-multipart";
import { createRng } from "../../support/documents/random";

/*
 * The multipart parser of the upload routes under Node, on hand-written bodies (what each rule
 * does) and against busboy, which it replaced (issue 14), on generated forms: the same entries on
 * every well-formed form and on every truncation of some, and never more than busboy accepts on
 * randomly damaged ones.
 */

type Entry = [string, string | { filename: string; type: string; bytes: string }];

async function entries(form: FormData): Promise<Entry[]> {
  const out: Entry[] = [];
  for (const [name, value] of form) {
    out.push([
      name,
      typeof value === "string"
        ? value
        : { filename: value.name, type: value.type, bytes: Buffer.from(await value.arrayBuffer()).toString("hex") },
    ]);
  }
  // busboy appends a file when its stream ends, after fields that follow it: compare as sets.
  return out.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));
}

const ours = async (body: Buffer, boundary: string): Promise<Entry[] | "malformed"> => {
  try {
    return await entries(parseMultipart(body, boundary));
  } catch (error) {
    if (error instanceof MalformedMultipart) return "malformed";
    throw error;
  }
};

/** busboy as the upload routes ran it before (file type defaulting the same way), fed in chunks of the given sizes. */
function viaBusboy(body: Buffer, boundary: string, chunkSizes: () => number): Promise<Entry[] | "malformed"> {
  return new Promise((resolve) => {
    const form = new FormData();
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: { "content-type": `multipart/form-data; boundary="${boundary}"` },
        defParamCharset: "utf8",
        limits: { fieldSize: 11 * 1024 * 1024, fieldNameSize: 64 * 1024 },
      });
    } catch {
      resolve("malformed");
      return;
    }
    parser.on("field", (name, value) => form.append(name, value));
    parser.on("file", (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on("error", () => undefined); // a form cut inside a file fails the file's stream too: the parser's error answers
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () =>
        form.append(
          name,
          new File(chunks as unknown as BlobPart[], info.filename ?? "blob", { type: info.mimeType || "application/octet-stream" }),
        ),
      );
    });
    parser.on("error", () => resolve("malformed"));
    parser.on("close", () => void entries(form).then(resolve));
    const pieces: Buffer[] = [];
    for (let at = 0; at < body.length;) {
      const size = Math.max(1, chunkSizes());
      pieces.push(body.subarray(at, at + size));
      at += size;
    }
    Readable.from(pieces).pipe(parser);
  });
}

const B = "----verity-test-boundary";
const body = (text: string) => Buffer.from(text.replace(/\n/g, "\r\n"), "utf8");
const field = (name: string, value: string, extra = "") => `--${B}\nContent-Disposition: form-data; name="${name}"${extra}\n\n${value}\n`;
const close = `--${B}--\n`;

describe("parseMultipart", () => {
  it("reads fields (UTF-8 names and values, values holding CRLF and dashes) and files", async () => {
    const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x2d, 0x2d, 0x0d, 0x0a]);
    const form = parseMultipart(
      Buffer.concat([
        body(field("first_name", "Zoë") + field("straße", "line one\nline two -- still the value") + field("empty", "")),
        body(`--${B}\nContent-Disposition: form-data; name="face_scan"; filename="C:\\Users\\me\\face.png"\nContent-Type: IMAGE/PNG\n\n`),
        png,
        body(`\n${close}`),
      ]),
      B,
    );
    expect(form.get("first_name")).toBe("Zoë");
    expect(form.get("straße")).toBe("line one\r\nline two -- still the value");
    expect(form.get("empty")).toBe("");
    const file = form.get("face_scan") as File;
    expect(file).toBeInstanceOf(File);
    expect(file.name).toBe("face.png"); // the base name: a Windows path's backslashes are kept, then cut
    expect(file.type).toBe("image/png");
    expect(Buffer.from(await file.arrayBuffer())).toEqual(png);
  });

  it("ignores preamble and epilogue, reads folded and differently cased headers, skips parts that are not form fields", () => {
    const form = parseMultipart(
      body(
        `a preamble\n--${B}\ncontent-disposition: form-data;\n\tname="folded"\n\nyes\n` +
          `--${B}\nContent-Type: text/plain\n\nno disposition: skipped\n` +
          `--${B}\nContent-Disposition: attachment; name="other"\n\nnot form-data: skipped\n` +
          `--${B}\nCONTENT-DISPOSITION: form-data; name=token_value\n\nplain token\n${close}an epilogue`,
      ),
      B,
    );
    expect([...form.keys()]).toEqual(["folded", "token_value"]);
    expect(form.get("folded")).toBe("yes");
  });

  it("decides file or field as busboy does, and decodes parameters and charsets", async () => {
    const form = parseMultipart(
      Buffer.concat([
        body(
          field("no_filename_octets", "raw", "\nContent-Type: application/octet-stream") +
            field("empty_filename", "a field", '; filename=""'),
        ),
        body(
          field("extended", "x", `; filename="plain.txt"; filename*=UTF-8''na%C3%AFve%20r%C3%A9sum%C3%A9.txt`) +
            field("quoted", "x", '; filename="say \\"hi\\".txt"'),
        ),
        body(`--${B}\nContent-Disposition: form-data; name="latin"\nContent-Type: text/plain; charset=ISO-8859-1\n\n`),
        Buffer.from("café", "latin1"),
        body(`\n${close}`),
      ]),
      B,
    );
    const octets = form.get("no_filename_octets") as File;
    expect([octets.name, octets.type]).toEqual(["blob", "application/octet-stream"]);
    expect(form.get("empty_filename")).toBe("a field");
    expect((form.get("extended") as File).name).toBe("naïve résumé.txt");
    expect((form.get("quoted") as File).name).toBe('say "hi".txt');
    expect(form.get("latin")).toBe("café");
    // In a Content-Type, `x*=1` is a plain parameter named "x*" (as busboy reads it).
    const typed = parseMultipart(
      Buffer.concat([
        body(
          field("octets", "raw", "\nContent-Type: application/octet-stream; x*=1") +
            `--${B}\nContent-Disposition: form-data; name="l"\nContent-Type: text/plain; charset=latin1; x*=1\n\n`,
        ),
        Buffer.from("café", "latin1"),
        body(`\n${close}`),
      ]),
      B,
    );
    expect(typed.get("octets")).toBeInstanceOf(File);
    expect(typed.get("l")).toBe("café");
  });

  it("refuses what is not a whole, well-formed form", () => {
    const malformed = (text: string) => expect(() => parseMultipart(body(text), B)).toThrow(MalformedMultipart);
    malformed(field("a", "1")); // no close delimiter
    malformed("no delimiter at all");
    malformed(`--${B}\nContent-Disposition: form-data; name="a"\n\n1`); // ends inside a part
    malformed(`--${B}  \nContent-Disposition: form-data; name="a"\n\n1\n${close}`); // padding after the delimiter
    malformed(`--${B}\n\nno headers\n${close}`);
    malformed(`--${B}\nContent-Disposition form-data; name="a"\n\n1\n${close}`); // no colon
    malformed(`--${B}\nContent-Disposition: form-data\n\nnameless\n${close}`);
    malformed(`--${B}\nContent-Disposition: form-data; name=""\n\nempty name\n${close}`);
    malformed(`--${B}\nContent-Disposition: form-data; name="a\n\nunterminated quote\n${close}`);
    malformed(`--${B}\nContent-Disposition: form-data; name=a b\n\nspace in a token\n${close}`);
    malformed(`--${B}\nContent-Disposition: form-data; name="a"; filename*=KOI8-R''%C1\n\nunknown charset\n${close}`);
    malformed(field("a", "1", "\nContent-Type: text/plain; charset=shift_jis") + close);
    malformed(field("a", "1", `\nX-Padding: ${"x".repeat(MAX_HEADER_BYTES)}`) + close);
    malformed(field("a", "x") + `--${B}X\n` + close); // the boundary inside content
    // A delimiter inside, or across, a part's header block (busboy ends the part there).
    malformed(`--${B}\nContent-Disposition: form-data; name="a"\n\n--${B}\nContent-Disposition: form-data; name="b"\n\nx\n${close}`);
    malformed(`--${B}\nContent-Disposition: form-data; name="a"\n--${B}: x\n\nval\n${close}`);
    malformed(field("a", "1", "\nContent-Type: image/png; =x") + close); // a parameter without a name
    malformed(field("a", "1", "\nContent-Type: png") + close); // not type/subtype
    malformed(field("a", "1", `; filename*=iso_8859-1:1987''caf%E9.txt`) + close); // ':' in a charset name
    malformed(field("a", "1", "\nX-Line: 1".repeat(2000)) + close); // busboy keeps 1,999 header lines
    expect(() => parseMultipart(body(Array.from({ length: MAX_PARTS + 1 }, (_, i) => field(`f${i}`, "v")).join("") + close), B)).toThrow(
      MalformedMultipart,
    );
    expect(parseMultipart(body(Array.from({ length: MAX_PARTS }, (_, i) => field(`f${i}`, "v")).join("") + close), B).get("f999")).toBe(
      "v",
    );
  });

  it("takes the boundary from the Content-Type as RFC 2046 allows it", () => {
    expect(boundaryOf("multipart/form-data; boundary=abc123")).toBe("abc123");
    expect(boundaryOf('multipart/form-data; boundary="with space:and=colon"')).toBe("with space:and=colon");
    expect(boundaryOf("multipart/form-data;BOUNDARY=x;charset=utf-8")).toBe("x");
    expect(boundaryOf("multipart/form-data")).toBeNull();
    expect(boundaryOf("multipart/form-data; boundary=")).toBeNull();
    expect(boundaryOf(`multipart/form-data; boundary=${"b".repeat(70)}`)).toBe("b".repeat(70));
    expect(boundaryOf(`multipart/form-data; boundary=${"b".repeat(71)}`)).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="ends in space "')).toBeNull();
    expect(boundaryOf('multipart/form-data; boundary="a"b')).toBeNull();
    expect(boundaryOf("multipart/form-data; boundary=a=b;x=y")).toBe("a=b");
  });
});

// ---------------------------------------------------------------------------------------------
// Against busboy
// ---------------------------------------------------------------------------------------------

const BOUNDARY_CHARS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'()+_,-./:=?";
const TEXT_PIECES = ["a", "Z", "0", " ", "-", "--", "\r\n", "\n", "\r", '"', "\\", ";", "=", "é", "ß", "😀", "中", "'", "%", "/"];

function generatedForm(random: () => number): { body: Buffer; boundary: string } {
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const text = (max: number) => Array.from({ length: Math.floor(random() * max) }, () => pick(TEXT_PIECES)).join("");
  const name = () => Array.from({ length: 1 + Math.floor(random() * 12) }, () => pick([..."abcxyz_019", "é", "ü", " ", "-", "."])).join("");
  const quoted = (value: string) =>
    `"${value
      .replace(/\\/g, "\\\\")
      .replace(/"/g, '\\"')
      .replace(/[\r\n]/g, " ")}"`;
  for (;;) {
    const boundary = Array.from({ length: 1 + Math.floor(random() * 70) }, () => pick([...BOUNDARY_CHARS])).join("");
    const chunks: Buffer[] = [];
    if (random() < 0.3) chunks.push(Buffer.from(`preamble ${text(10)}\r\n`));
    const parts = Math.floor(random() * 8);
    for (let p = 0; p < parts; p++) {
      const headers: string[] = [];
      const isFile = random() < 0.35;
      let disposition = `form-data; name=${quoted(name())}`;
      if (isFile) disposition += `; filename=${quoted(pick(["face.jpg", "dir/a.png", "C:\\x\\y.gif", "ünï.txt", ""]))}`;
      const casing = pick(["Content-Disposition", "content-disposition", "CONTENT-DISPOSITION"]);
      headers.push(`${casing}: ${disposition}`);
      if (random() < 0.5)
        headers.push(
          `Content-Type: ${pick(["image/jpeg", "text/plain; charset=utf-8", "text/plain; charset=latin1", "application/octet-stream", "Application/JSON"])}`,
        );
      if (random() < 0.2) headers.push(`X-Extra: ${pick(["1", "two words", "tab\there"])}`);
      chunks.push(Buffer.from(`--${boundary}\r\n${headers.join("\r\n")}\r\n\r\n`, "utf8"));
      chunks.push(
        isFile
          ? Buffer.from(Array.from({ length: Math.floor(random() * 300) }, () => Math.floor(random() * 256)))
          : Buffer.from(text(40), "utf8"),
      );
      chunks.push(Buffer.from("\r\n"));
    }
    chunks.push(Buffer.from(`--${boundary}--${random() < 0.5 ? "\r\n" : ""}${random() < 0.2 ? "epilogue" : ""}`));
    const body = Buffer.concat(chunks);
    // Content that happens to hold the delimiter is not a form of these parts: draw again.
    const delimiter = Buffer.from(`\r\n--${boundary}`);
    let count = 0;
    for (let at = body.indexOf(delimiter); at >= 0; at = body.indexOf(delimiter, at + 1)) count++;
    if (count === parts + (body.subarray(0, delimiter.length - 2).equals(delimiter.subarray(2)) ? 0 : 1)) return { body, boundary };
  }
}

describe("parseMultipart against busboy", () => {
  const random = createRng(20261126).next;
  const chunking = () => 1 + Math.floor(random() * 64);
  const forms = Array.from({ length: 250 }, () => generatedForm(random));

  it("reads every generated form as busboy does", async () => {
    let withFiles = 0;
    for (const form of forms) {
      const expected = await viaBusboy(form.body, form.boundary, chunking);
      expect(expected).not.toBe("malformed");
      expect(await ours(form.body, form.boundary)).toEqual(expected);
      if ((expected as Entry[]).some(([, v]) => typeof v !== "string")) withFiles++;
    }
    expect(withFiles).toBeGreaterThan(50);
  });

  it("answers every truncation of a form as busboy does", async () => {
    let refused = 0;
    for (const form of forms.slice(0, 25)) {
      for (let cut = 0; cut < form.body.length; cut += 1 + Math.floor(random() * 7)) {
        const truncated = form.body.subarray(0, cut);
        const got = await ours(truncated, form.boundary);
        const expected = await viaBusboy(truncated, form.boundary, chunking);
        expect({ cut, got }).toEqual({ cut, got: expected });
        if (got === "malformed") refused++;
      }
    }
    expect(refused).toBeGreaterThan(500);
  });

  it("accepts no damaged form that busboy refuses, and reads those it accepts the same", async () => {
    let accepted = 0;
    for (let n = 0; n < 3000; n++) {
      const form = forms[n % forms.length]!;
      const bytes = Buffer.from(form.body);
      const damaged: number[] = [...bytes];
      for (let edits = 1 + Math.floor(random() * 3); edits > 0; edits--) {
        const at = Math.floor(random() * (damaged.length + 1));
        const byte = random() < 0.5 ? Math.floor(random() * 256) : "\r\n-\"; =\\'%:\t".charCodeAt(Math.floor(random() * 13));
        const kind = random();
        if (kind < 0.4) damaged[at] = byte;
        else if (kind < 0.7) damaged.splice(at, 0, byte);
        else damaged.splice(at, 1);
      }
      const body = Buffer.from(damaged.filter((b) => b !== undefined));
      const got = await ours(body, form.boundary);
      if (got === "malformed") continue;
      accepted++;
      expect(got).toEqual(await viaBusboy(body, form.boundary, chunking));
    }
    expect(accepted).toBeGreaterThan(300);
  });
});

describe("readNodeMultipart", () => {
  /** A request body stream with the headers readNodeMultipart reads. */
  const request = (contentType = `multipart/form-data; boundary=${B}`) =>
    Object.assign(new PassThrough(), { headers: { "content-type": contentType } }) as unknown as IncomingMessage & PassThrough;

  it("reads a body that comes in chunks, and lets go of its listeners", async () => {
    const incoming = request();
    const read = readNodeMultipart(incoming, 1024);
    const bytes = body(field("a", "1") + field("b", "2") + close);
    incoming.write(bytes.subarray(0, 10));
    incoming.end(bytes.subarray(10));
    const form = await read;
    expect([...form.entries()]).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
    expect(incoming.listenerCount("data") + incoming.listenerCount("end") + incoming.listenerCount("close")).toBe(0);
  });

  it("settles whatever the client does: gone before the read, gone during it, too much, no boundary", async () => {
    const gone = request();
    gone.destroy();
    await expect(readNodeMultipart(gone, 1024)).rejects.toBeInstanceOf(MalformedMultipart);
    const leaving = request();
    const during = readNodeMultipart(leaving, 1024);
    leaving.write(body(field("a", "1")));
    leaving.destroy();
    await expect(during).rejects.toBeInstanceOf(MalformedMultipart);
    const big = request();
    const tooLarge = readNodeMultipart(big, 100);
    big.write(Buffer.alloc(101));
    await expect(tooLarge).rejects.toBeInstanceOf(TooLarge);
    await expect(readNodeMultipart(request("multipart/form-data"), 1024)).rejects.toBeInstanceOf(MalformedMultipart);
  });
});

describe("readWebMultipart", () => {
  /** A Web Request whose body comes in the given pieces (no Content-Length unless given). */
  const webRequest = (
    pieces: Buffer[],
    headers: Record<string, string> = { "content-type": `multipart/form-data; boundary=${B}` },
    fail = false,
  ) =>
    new Request("http://x/", {
      method: "POST",
      headers,
      body: new ReadableStream<Uint8Array>({
        start(controller) {
          for (const piece of pieces) controller.enqueue(new Uint8Array(piece));
          if (fail) controller.error(new Error("connection reset"));
          else controller.close();
        },
      }),
      duplex: "half",
    } as RequestInit);

  it("reads a body that comes in pieces with the parser the Node path uses", async () => {
    const bytes = body(field("a", "1") + field("b", "2") + close);
    const form = await readWebMultipart(webRequest([bytes.subarray(0, 7), bytes.subarray(7, 30), bytes.subarray(30)]), 1024);
    expect([...form.entries()]).toEqual([
      ["a", "1"],
      ["b", "2"],
    ]);
    expect(await entries(form)).toEqual(await ours(bytes, B));
  });

  it("refuses too much (declared or counted), no boundary, a body cut by the client, and what the parser refuses", async () => {
    const bytes = body(field("a", "1") + close);
    await expect(
      readWebMultipart(webRequest([bytes], { "content-type": `multipart/form-data; boundary=${B}`, "content-length": "5000" }), 1024),
    ).rejects.toBeInstanceOf(TooLarge);
    await expect(readWebMultipart(webRequest([Buffer.alloc(600), Buffer.alloc(600)]), 1024)).rejects.toBeInstanceOf(TooLarge);
    await expect(readWebMultipart(webRequest([bytes], { "content-type": "multipart/form-data" }), 1024)).rejects.toBeInstanceOf(
      MalformedMultipart,
    );
    await expect(readWebMultipart(webRequest([bytes.subarray(0, 20)], undefined, true), 1024)).rejects.toBeInstanceOf(MalformedMultipart);
    await expect(
      readWebMultipart(webRequest([body(field("a", "1", "\nContent-Type: text/plain; charset=shift_jis") + close)]), 1024),
    ).rejects.toBeInstanceOf(MalformedMultipart);
  });
});
