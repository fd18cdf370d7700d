import { z } from "./common";

// POST /api/v1/adverse-media (real-api.md): news articles naming a person, scored for adversity.
const name = z.string().trim().min(1, "Required").max(100);
export const adverseMediaRequestSchema = z
  .object({
    first_name: name,
    middle_names: z.string().trim().max(200).optional(),
    last_name: name,
    location: z.string().trim().max(200).optional(),
    threshold: z.number({ error: "Must be a number from 0 to 100" }).min(0).max(100).optional(),
  })
  .strict()
  .openapi("AdverseMediaInput");

const articleSchema = z
  .object({ title: z.string(), link: z.string(), source: z.string(), published_at: z.string().nullable(), snippet: z.string(), score: z.number() })
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
