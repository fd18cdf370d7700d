import { z } from "./common";

// GET /api/v1/artefacts/{key} (real-api.md: GetArtefactsResponse).
export const artefactLinkSchema = z
  .object({
    artefact_key: z.string(),
    download_url: z.string(),
    expires_at: z.string(),
    expires_in_seconds: z.number().int(),
  })
  .openapi("GetArtefactsResponse");
export const artefactKeyParamSchema = z.object({
  key: z
    .string()
    .min(1)
    .max(200)
    .openapi({ param: { name: "key", in: "path" }, example: "sandbox/passport.jpg" }),
});
export type ArtefactLink = z.infer<typeof artefactLinkSchema>;
