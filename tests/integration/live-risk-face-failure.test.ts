import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { riskRadarResponseSchema } from "@/lib/contract";
import { assessRisk } from "@/lib/server/risk/assess-risk";
import { createLiveRiskEngine } from "@/lib/server/risk/live-risk-engine";
import { seedTeam } from "../support/api";
import { createTestDatabase, describeEngines, type TestDatabase } from "../support/db";

// The face model can fail where it runs (out of memory, a damaged install): the assessment must
// still be answered, with the face checks saying why they did not run.
vi.mock("@/lib/server/faces/embed-face", () => ({
  embedFace: async () => {
    throw new Error("wasm backend could not allocate memory");
  },
}));

describeEngines("live risk when the face model fails, on %s", (kind) => {
  let database: TestDatabase;
  let teamId: string;
  beforeAll(async () => {
    database = await createTestDatabase(kind);
    teamId = (await seedTeam(database.db, "Acme")).team.id;
  });
  afterAll(() => database.dispose());

  it("answers the assessment; the face signal is NOT_PERFORMED with the reason", async () => {
    const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 0, 0, 0])], "selfie.jpg", { type: "image/jpeg" });
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    const result = await assessRisk(database.db, {
      tenant: { teamId, mode: "live" },
      report: "radar",
      engine: createLiveRiskEngine({ networkKey: "k".repeat(32), providers: {} }),
      request: {
        first_name: "Ann",
        last_name: "Lee",
        email: `ann.${Date.now()}@example.org`,
        date_of_birth: "1990-01-01",
        face_scan: jpeg,
      },
    });
    expect(result.ok).toBe(true);
    const report = riskRadarResponseSchema.parse(result.ok && result.value).radar_verification_report;
    expect(report.checks.find((c) => c.name === "face_linked_to_multiple_identities")).toEqual({
      name: "face_linked_to_multiple_identities",
      state: "NOT_PERFORMED",
      reason: "The face model is unavailable on this deployment right now",
    });
    expect(errors).toHaveBeenCalledWith("[risk] face embedding failed:", "wasm backend could not allocate memory");
    errors.mockRestore();
  });
});
