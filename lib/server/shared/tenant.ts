import { and, eq, type Column, type SQL } from "drizzle-orm";
import type { Mode } from "@/lib/db/schema";

/** Who is asking: every domain function filters by both, on every query. */
export interface Tenant {
  teamId: string;
  mode: Mode;
}

/*
 * The tenant filter, written one way everywhere (an ESLint rule refuses `eq(x.teamId, …)` written by
 * hand): a query of a tenant's rows says `ofTenant(table, tenant)`, so one that does not stands out.
 * `ofTeam` is for the team's rows in both modes (members, settings) and for tables without a mode.
 */

/** The row is this tenant's: its team and its mode (sandbox or live). */
export function ofTenant(table: { teamId: Column; mode: Column }, tenant: Tenant): SQL {
  return and(eq(table.teamId, tenant.teamId), eq(table.mode, tenant.mode))!;
}

/** Two tables' rows of one tenant (a join's condition). */
export function sameTenant(a: { teamId: Column; mode: Column }, b: { teamId: Column; mode: Column }): SQL {
  return and(eq(a.teamId, b.teamId), eq(a.mode, b.mode))!;
}

/** The row is this team's, in either mode. */
export function ofTeam(table: { teamId: Column }, teamId: string | SQL | Column): SQL {
  return eq(table.teamId, teamId);
}

/** Who acted, for timelines and the audit log. */
export interface Actor {
  type: "staff" | "api_client" | "cli" | "system";
  id?: string | null;
  ip?: string | null;
  userAgent?: string | null;
}
