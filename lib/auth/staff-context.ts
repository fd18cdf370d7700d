import { cookies, headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth, SIGN_IN_PATH } from "@/auth";
import { getDb, type Db } from "@/lib/db";
import type { Mode, Role } from "@/lib/db/schema";
import { loadStaff, type StaffProfile, type StaffRef, type StaffTeam } from "@/lib/server/console/authorize-staff";
import { roleCan, type Permission } from "@/lib/server/console/permissions";
import type { Tenant } from "@/lib/server/shared/tenant";

export const TEAM_COOKIE = "console_team";
export const MODE_COOKIE = "console_mode";

/** Everything a console page or action needs about who is asking and what they look at. */
export interface StaffContext {
  db: Db;
  user: StaffProfile;
  team: StaffTeam;
  role: Role;
  mode: Mode;
  tenant: Tenant;
  staff: StaffRef;
  can: (permission: Permission) => boolean;
}

/**
 * The signed-in staff member with their selected team and mode, or null. Membership is read
 * from the database on every call, so the session cookie alone never grants anything.
 */
export async function getStaffContext(): Promise<StaffContext | null> {
  const session = await auth();
  const userId = session?.user?.id;
  if (!userId) return null;
  const db = await getDb();
  const user = await loadStaff(db, userId);
  if (!user || user.teams.length === 0) return null;
  const jar = await cookies();
  const wanted = jar.get(TEAM_COOKIE)?.value;
  const team = user.teams.find((t) => t.id === wanted) ?? user.teams[0]!;
  const mode: Mode = jar.get(MODE_COOKIE)?.value === "sandbox" ? "sandbox" : "live";
  const head = await headers();
  const ip = head.get("x-forwarded-for")?.split(",")[0]?.trim() || head.get("x-real-ip") || null;
  return {
    db,
    user,
    team,
    role: team.role,
    mode,
    tenant: { teamId: team.id, mode },
    staff: { userId, ip, userAgent: head.get("user-agent") },
    can: (permission) => roleCan(team.role, permission),
  };
}

/** For pages and layouts: the context, or off to the sign-in page. */
export async function requireStaff(): Promise<StaffContext> {
  const context = await getStaffContext();
  if (!context) redirect(SIGN_IN_PATH);
  return context;
}
