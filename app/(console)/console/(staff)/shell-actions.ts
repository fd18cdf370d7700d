"use server";

import { cookies } from "next/headers";
import { redirect } from "next/navigation";
import { signOut } from "@/auth";
import { getStaffContext, MODE_COOKIE, TEAM_COOKIE } from "@/lib/auth/staff-context";

const COOKIE = { httpOnly: true, sameSite: "lax", path: "/console", maxAge: 60 * 60 * 24 * 365 } as const;

/** Team switch: only to a team the member belongs to (checked against the database). */
export async function switchTeam(formData: FormData): Promise<void> {
  const context = await getStaffContext();
  if (!context) redirect("/console/sign-in");
  const team = context.user.teams.find((t) => t.id === formData.get("team"));
  if (team) (await cookies()).set(TEAM_COOKIE, team.id, COOKIE);
  redirect("/console");
}

export async function switchMode(formData: FormData): Promise<void> {
  const context = await getStaffContext();
  if (!context) redirect("/console/sign-in");
  const mode = formData.get("mode") === "sandbox" ? "sandbox" : "live";
  (await cookies()).set(MODE_COOKIE, mode, COOKIE);
  // Records of one mode mean nothing in the other: a detail page goes back to its list.
  const back = String(formData.get("back") ?? "");
  redirect(/^\/console(\/[a-z-]+)?$/.test(back) ? back : "/console");
}

export async function signOutAction(): Promise<void> {
  await signOut({ redirectTo: "/console/sign-in" });
}
