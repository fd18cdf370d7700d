import { z } from "./common";

// GET /api/v1/team and POST /api/v1/team (real-api.md): the caller's team, and a partner creating a team.
export const TEAM_PLANS = ["Trial", "PAYG", "Lite", "Flex", "Enterprise"] as const;
export const FLOW_TEMPLATES = ["KYC_AML", "RIGHT_TO_WORK", "RIGHT_TO_RENT", "DBS_CHECK"] as const;

export const teamSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    public_name: z.string(),
    plan: z.enum(TEAM_PLANS),
    logo_url: z.string(),
    updated_at: z.string(),
    created_at: z.string(),
  })
  .openapi("Team");

export const createTeamRequestSchema = z
  .object({
    name: z.string().trim().min(1, "Required").max(120),
    public_name: z.string().trim().min(1).max(120).optional(),
    logo_url: z
      .url({ protocol: /^https$/, message: "Must be an https URL" })
      .max(2000)
      .optional(),
    team_admin_emails: z.array(z.email("Must be an email address").max(320)).min(1, "At least one admin").max(20),
    flow_template: z.enum(FLOW_TEMPLATES).optional(),
  })
  .strict()
  .openapi("CreateTeamInput");

export const createTeamResponseSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    public_name: z.string().optional(),
    created_at: z.string(),
    credentials: z.object({
      client_secret: z.string(),
      client_id: z.string(),
      environment: z.enum(["live", "sandbox"]),
      name: z.string(),
    }),
  })
  .openapi("CreateTeamResponse");

export type TeamView = z.infer<typeof teamSchema>;
export type CreateTeamRequest = z.infer<typeof createTeamRequestSchema>;
export type CreateTeamResponse = z.infer<typeof createTeamResponseSchema>;
