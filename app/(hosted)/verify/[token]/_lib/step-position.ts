import type { HostedFlow } from "@/lib/server/hosted/load-hosted-flow";

/**
 * The steps a person is counted through, on every device and in every place that counts them (the
 * page's "Step 4 of 6", the desktop's "Your phone is on step 4 of 6"): consent, details, the
 * workflow's steps, the end.
 */
export function progressSteps(flow: Pick<HostedFlow, "steps">): string[] {
  return ["consent", "claim", ...flow.steps, "finish"];
}

/** The 0-based position of the screen the flow is on, in progressSteps. */
export function currentStepIndex(flow: Pick<HostedFlow, "steps" | "screen">): number {
  const steps = progressSteps(flow);
  const screen = flow.screen;
  if (screen.kind === "consent") return 0;
  if (screen.kind === "claim") return 1;
  if (screen.kind === "result") return steps.length - 1;
  if (screen.kind === "referee_confirm") return Math.max(0, steps.indexOf("referee_confirm"));
  return Math.max(0, steps.indexOf(screen.step));
}
