import type { Mode } from "@/lib/db/schema";

/** Who is asking: every domain function filters by both, on every query. */
export interface Tenant {
  teamId: string;
  mode: Mode;
}

/** Who acted, for timelines and the audit log. */
export interface Actor {
  type: "staff" | "api_client" | "cli" | "system";
  id?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}
