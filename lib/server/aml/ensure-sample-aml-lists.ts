import path from "node:path";
import type { Db } from "@/lib/db";
import { importAmlList } from "./import-aml-list";

/** The bundled samples of the public lists (datasets/aml/README.md), one per source. */
export const SAMPLE_AML_LISTS = ["ofac-sdn-sample.xml", "un-consolidated-sample.xml", "opensanctions-targets.simple.csv"].map((file) =>
  path.join(process.cwd(), "datasets", "aml", file),
);

/** For the demo seed: imports the sample lists when no list has been imported yet. */
export async function ensureSampleAmlLists(db: Db): Promise<void> {
  if (await db.query.amlListVersions.findFirst()) return;
  for (const file of SAMPLE_AML_LISTS) {
    const imported = await importAmlList(db, { file, rescreen: false });
    if (!imported.ok) throw new Error(`Sample AML list ${file}: ${imported.error.message}`);
  }
}
