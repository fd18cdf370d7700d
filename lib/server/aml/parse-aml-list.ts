import fs from "node:fs";
import type { ListEntity, AmlFormat } from "./list-entity";
import { parseFtmJson } from "./parsers/parse-ftm-json";
import { parseOfacSdnCsv } from "./parsers/parse-ofac-sdn-csv";
import { parseOfacSdnXml } from "./parsers/parse-ofac-sdn-xml";
import { parseOpenSanctionsCsv } from "./parsers/parse-opensanctions-csv";
import { parseUnXml } from "./parsers/parse-un-xml";

/** Recognises a list file by its first bytes; null when it is none of the formats. */
export function detectAmlFormat(head: string): AmlFormat | null {
  const text = head.replace(/^\uFEFF/, "").trimStart();
  if (text.startsWith("<")) {
    if (/<(\w+:)?sdnList[\s>]/.test(text)) return "ofac-sdn-xml";
    if (/<CONSOLIDATED_LIST[\s>]/.test(text)) return "un-xml";
    return null;
  }
  if (text.startsWith("{")) return "ftm-json";
  const firstLine = text.split(/\r?\n/, 1)[0] ?? "";
  const header = firstLine
    .toLowerCase()
    .split(",")
    .map((h) => h.replace(/"/g, "").trim());
  if (header.includes("id") && header.includes("schema") && header.includes("name")) return "opensanctions-csv";
  if (/^\d+,"[^"]*",/.test(firstLine)) return "ofac-sdn-csv";
  return null;
}

export async function readHead(file: string, bytes = 4096): Promise<string> {
  const handle = await fs.promises.open(file, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return buffer.subarray(0, bytesRead).toString("utf8");
  } finally {
    await handle.close();
  }
}

/**
 * The entities of a list file, read as they come (the JSON-lines and CSV formats stream; the XML
 * formats are read whole: OFAC's and the UN's files are some megabytes). `stats.skipped` counts
 * entries that are not screened on (no name, or neither sanctioned nor PEP).
 */
export async function* parseAmlList(file: string, format: AmlFormat, stats: { skipped: number }): AsyncGenerator<ListEntity> {
  switch (format) {
    case "ofac-sdn-xml":
      yield* parseOfacSdnXml(await fs.promises.readFile(file, "utf8"), stats);
      return;
    case "un-xml":
      yield* parseUnXml(await fs.promises.readFile(file, "utf8"), stats);
      return;
    case "ftm-json":
      yield* parseFtmJson(fs.createReadStream(file), stats);
      return;
    case "opensanctions-csv":
      yield* parseOpenSanctionsCsv(fs.createReadStream(file), stats);
      return;
    case "ofac-sdn-csv":
      yield* parseOfacSdnCsv(fs.createReadStream(file), stats);
      return;
  }
}
