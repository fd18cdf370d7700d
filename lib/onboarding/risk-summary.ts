import { riskResponseSchema, type RiskResponse } from "@/lib/contract";

/** The stored risk answer, read back through the contract (null if it no longer fits it). */
export function readRisk(stored: unknown): RiskResponse | null {
  const parsed = riskResponseSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}
