// Built-in workflows, named like the flow ids of wire-details so clients written for the real
// API keep working. Team-defined workflows come with the workflow issue.

export type WorkflowStep = "photo_id" | "video_selfie" | "address_evidence" | "vouch" | "professional_vouch";

export interface Workflow {
  id: string;
  name: string;
  steps: WorkflowStep[];
}

export const BUILT_IN_WORKFLOWS: readonly Workflow[] = [
  { id: "sandbox-flow", name: "Photo ID and selfie", steps: ["photo_id", "video_selfie", "address_evidence"] },
  { id: "sandbox-flow-enhanced", name: "Enhanced (ID, selfie, address, AML)", steps: ["photo_id", "video_selfie", "address_evidence"] },
  { id: "sandbox-flow-referee", name: "Vouch by a referee", steps: ["vouch"] },
  { id: "sandbox-flow-professional-referee", name: "Vouch by a professional referee", steps: ["address_evidence", "professional_vouch"] },
  { id: "sandbox-flow-address-only", name: "Address only", steps: ["address_evidence"] },
];

export function findWorkflow(id: string): Workflow | undefined {
  return BUILT_IN_WORKFLOWS.find((w) => w.id === id);
}
