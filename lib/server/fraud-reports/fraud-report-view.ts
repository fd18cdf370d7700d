import type { FraudReport } from "@/lib/db/schema";

/** A report as the team that filed it sees it. */
export interface FraudReportView {
  id: string;
  subjectType: string;
  subjectId: string;
  reason: string;
  reportedBy: string | null;
  createdAt: string;
}

export function toFraudReportView(row: FraudReport): FraudReportView {
  return {
    id: row.id,
    subjectType: row.subjectType,
    subjectId: row.subjectId,
    reason: row.reason,
    reportedBy: row.reportedBy,
    createdAt: row.createdAt.toISOString(),
  };
}
