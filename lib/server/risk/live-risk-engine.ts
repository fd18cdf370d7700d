import { fail } from "../shared/result";
import type { RiskEngine } from "./risk-engine";

/** Live scoring (blocklist, network signals, bureau and AML providers) is a separate piece of work. */
export const liveRiskEngine: RiskEngine = {
  async assess() {
    return fail("not_implemented", "Live risk assessment is not available yet on this deployment", { code: "risk_live_unavailable" });
  },
};
