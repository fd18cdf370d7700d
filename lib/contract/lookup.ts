import { addressSchema, z } from "./common";

/** GET /api/v1/smart-lookups/postcode query. */
export const postcodeQuerySchema = z.object({
  postcode: z
    .string({ error: "Required" })
    .trim()
    .min(1, "Required")
    .max(200)
    .openapi({ param: { name: "postcode", in: "query" }, example: "SW1A 2AA" }),
});

/** spec 2.9. */
export const postcodeLookupSchema = z
  .object({
    addresses: z.array(z.string()).openapi({ description: "One display line per address" }),
    addresses_formatted: z.array(addressSchema),
  })
  .openapi("PostcodeLookup");
export type PostcodeLookup = z.infer<typeof postcodeLookupSchema>;
