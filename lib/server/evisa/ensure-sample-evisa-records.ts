import { readFileSync } from "node:fs";
import path from "node:path";
import type { Db } from "@/lib/db";
import { importEvisaRecords } from "./import-evisa-records";

/** The bundled fictional eVisa register (datasets/evisa/README.md lists who is in it). */
export const SAMPLE_EVISA_RECORDS = path.join(process.cwd(), "datasets", "evisa", "evisa-sample.csv");

/** For the demo seed: imports the sample register when the register is empty. */
export async function ensureSampleEvisaRecords(db: Db): Promise<void> {
  if (await db.query.evisaRecords.findFirst()) return;
  const report = await importEvisaRecords(db, {
    csv: readFileSync(SAMPLE_EVISA_RECORDS, "utf8"),
    actor: { type: "system", id: "demo-seed" },
  });
  if (report.rejected.length) throw new Error(`Sample eVisa register rejected: ${JSON.stringify(report.rejected)}`);
}
