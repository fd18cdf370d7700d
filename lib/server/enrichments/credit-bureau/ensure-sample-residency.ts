import path from "node:path";
import type { Db } from "@/lib/db";
import { importResidencyDataset } from "./import-residency-dataset";

/** The bundled fictional residency data: people at the addresses of datasets/addresses-sample.csv. */
export const SAMPLE_RESIDENCY = path.join(process.cwd(), "datasets", "residency", "residency-sample.csv");

/** For the demo seed: imports the sample as the live dataset when no dataset exists yet. */
export async function ensureSampleResidency(db: Db): Promise<void> {
  if (await db.query.residencyDatasets.findFirst()) return;
  const report = await importResidencyDataset(db, { file: SAMPLE_RESIDENCY, name: "Sample residency data" });
  if (report.rejected.length) throw new Error(`Sample residency data rejected: ${JSON.stringify(report.rejected)}`);
}
