import { z } from "./common";

// GET /api/v1/coverage (real-api.md): which documents and data sources this deployment reads.
export const coverageItemSchema = z
  .object({
    id: z.string().nullable(),
    name: z.string(),
    type: z.enum(["DIGITAL_ID", "PHOTO_ID", "SUPPORTING_DOCUMENT", "DATA_SOURCE"]),
    country_codes: z.array(z.string()),
    image: z.string().nullable(),
  })
  .openapi("CoverageItem");
export const coverageListSchema = z.array(coverageItemSchema).openapi("ListCoverageResponse");
export type CoverageItem = z.infer<typeof coverageItemSchema>;
