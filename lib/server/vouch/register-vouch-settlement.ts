import { onCaseSettled } from "../hosted/case-settled";
import { REFEREE_WORKFLOW_ID } from "../verifications/workflows";
import { settleVouch } from "./settle-vouch";

/**
 * Wires vouching into the hosted runner: a referee's own case, once decided or locked out, settles
 * the vouch it was opened for. Every process that runs hosted cases calls this once at start
 * (server.ts, pages-server.ts; tests that settle referee cases), before any case can settle.
 */
export function registerVouchSettlement(): void {
  onCaseSettled(REFEREE_WORKFLOW_ID, settleVouch);
}
