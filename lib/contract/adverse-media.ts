import { personNameSchema, thresholdSchema, z } from "./common";

// POST /api/v1/adverse-media (real-api.md): news articles naming a person, scored for adversity.
export const adverseMediaRequestSchema = z
  .object({
    first_name: personNameSchema,
    middle_names: z.string().trim().max(200).optional(),
    last_name: personNameSchema,
    location: z.string().trim().max(200).optional(),
    threshold: thresholdSchema.optional(),
  })
  .strict()
  .openapi("AdverseMediaInput");

const articleSchema = z
  .object({
    title: z.string(),
    link: z.string(),
    source: z.string(),
    published_at: z.string().nullable(),
    snippet: z.string(),
    score: z.number(),
  })
  .openapi("AdverseMediaArticle");

export const adverseMediaResponseSchema = z
  .object({
    status: z.enum(["PASS", "FAIL"]),
    threshold: z.number(),
    strong_matches: z.array(articleSchema),
    all_results: z.array(articleSchema),
  })
  .openapi("AdverseMediaResponse");

export type AdverseMediaRequest = z.infer<typeof adverseMediaRequestSchema>;
export type AdverseMediaResponse = z.infer<typeof adverseMediaResponseSchema>;
