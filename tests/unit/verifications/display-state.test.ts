import { describe, expect, it } from "vitest";
import { displayState } from "@/lib/server/verifications/display-state";

// service-interface §3: the display states, pinned as literal rows (status, workflow steps, steps done → state).
const ROWS: [string, string[], string[], string][] = [
  ["InProgress", ["photo_id", "video_selfie", "address_evidence"], [], "In progress"],
  ["ReadyForReview", ["photo_id", "video_selfie", "address_evidence"], ["photo_id", "video_selfie", "address_evidence"], "Processing"],
  ["Verified", ["photo_id", "video_selfie", "address_evidence"], ["photo_id", "video_selfie", "address_evidence"], "Verified"],
  ["Refused", ["photo_id", "video_selfie"], ["photo_id", "video_selfie"], "Needs review"],
  ["InProgress", ["address_evidence", "professional_vouch"], ["address_evidence"], "Awaiting a vouch"],
  ["InProgress", ["address_evidence", "professional_vouch"], [], "In progress"],
  ["InProgress", ["vouch"], [], "Awaiting a vouch"],
  ["Verified", ["vouch"], ["vouch"], "Verified by vouch"],
  ["LockedOut", ["photo_id", "video_selfie"], ["photo_id"], "Locked out"],
  ["Verified", ["address_evidence"], ["address_evidence"], "Address only"],
];

describe("display states (spec §3)", () => {
  it.each(ROWS)("%s with %j, done %j → %s", (status, steps, done, expected) => {
    expect(displayState({ status: status as never, steps, completedSteps: done })).toBe(expected);
  });
});
