import { describe, expect, it } from "vitest";
import { decodeInvite, encodeInvite } from "@/lib/server/console/invite-token";
import { assignableRoles, roleCan } from "@/lib/server/console/permissions";

describe("console roles", () => {
  it("lets every member read, reviewers decide, and only owners and admins manage", () => {
    expect((["owner", "admin", "reviewer", "viewer"] as const).map((r) => roleCan(r, "view"))).toEqual([true, true, true, true]);
    expect((["owner", "admin", "reviewer", "viewer"] as const).map((r) => roleCan(r, "review"))).toEqual([true, true, true, false]);
    expect((["owner", "admin", "reviewer", "viewer"] as const).map((r) => roleCan(r, "manage_alerts"))).toEqual([true, true, true, false]);
    for (const p of ["manage_integrations", "manage_settings", "manage_members"] as const) {
      expect((["owner", "admin", "reviewer", "viewer"] as const).map((r) => roleCan(r, p))).toEqual([true, true, false, false]);
    }
  });

  it("never lets an inviter hand out a role above their own", () => {
    expect(assignableRoles("owner")).toContain("owner");
    expect(assignableRoles("admin")).toEqual(["admin", "reviewer", "viewer"]);
    expect(assignableRoles("reviewer")).toEqual([]);
    expect(assignableRoles("viewer")).toEqual([]);
  });
});

describe("invitation tokens", () => {
  const secret = "unit-test-secret-unit-test-secret-123";
  const invite = { teamId: "team_1", email: "a@b.test", role: "viewer" as const, invitedBy: "usr_1", expiresAt: Date.now() + 60_000 };

  it("round-trips with the same secret only", () => {
    const token = encodeInvite(invite, secret);
    expect(decodeInvite(token, secret)).toMatchObject(invite);
    expect(decodeInvite(token, "another-secret-another-secret-123")).toBeNull();
  });

  it("refuses a changed payload, an expired token and garbage", () => {
    const token = encodeInvite(invite, secret);
    const [body, mac] = token.split(".");
    const forged = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(body!, "base64url").toString()), role: "owner" })).toString(
      "base64url",
    );
    expect(decodeInvite(`${forged}.${mac}`, secret)).toBeNull();
    expect(decodeInvite(encodeInvite({ ...invite, expiresAt: Date.now() - 1 }, secret), secret)).toBeNull();
    expect(decodeInvite("nonsense", secret)).toBeNull();
  });
});
