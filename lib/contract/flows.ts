import { z } from "./common";

// GET /api/v1/flows and /api/v1/flows/{id} (real-api.md): the workflows a verification can run,
// built-in and the team's own, with the real API's field names.
export const flowSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    updated_at: z.string(),
    created_at: z.string(),
    archived_at: z.string().nullable(),
    tokens_per_verification: z.number().int(),
  })
  .openapi("Flow");
export const flowListSchema = z.array(flowSchema).openapi("ListFlowsResponse");
export const flowIdParamSchema = z.object({
  id: z
    .string()
    .min(1)
    .max(100)
    .openapi({ param: { name: "id", in: "path" } }),
});
export type Flow = z.infer<typeof flowSchema>;
