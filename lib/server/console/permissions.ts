import type { Role } from "@/lib/db/schema";

// Who may do what in the console. The server checks this on every action (authorizeStaff);
// pages use it only to hide controls a member could not use anyway.

export type Permission =
  | "view" // read cases, risk, accounts, audit
  | "review" // approve / refuse / restart cases
  | "manage_alerts" // acknowledge alerts, monitoring on/off, sandbox test accounts
  | "manage_integrations" // API credentials, webhook endpoint and secret
  | "manage_settings" // team settings
  | "manage_members"; // invite members

const MATRIX: Record<Permission, readonly Role[]> = {
  view: ["owner", "admin", "reviewer", "viewer"],
  review: ["owner", "admin", "reviewer"],
  manage_alerts: ["owner", "admin", "reviewer"],
  manage_integrations: ["owner", "admin"],
  manage_settings: ["owner", "admin"],
  manage_members: ["owner", "admin"],
};

export function roleCan(role: Role, permission: Permission): boolean {
  return MATRIX[permission].includes(role);
}

/** Roles an inviter may hand out: never above their own. */
export function assignableRoles(role: Role): Role[] {
  if (role === "owner") return ["owner", "admin", "reviewer", "viewer"];
  if (role === "admin") return ["admin", "reviewer", "viewer"];
  return [];
}
