import { isoDateTime, z } from "./common";

/** spec 4.1 request. */
export const authenticateRequestSchema = z
  .object({
    client_id: z.string().min(1, "Required").max(200),
    client_secret: z.string().min(1, "Required").max(500),
  })
  .strict()
  .openapi("AuthenticateRequest");
export type AuthenticateRequest = z.infer<typeof authenticateRequestSchema>;

/** spec 2.1. */
export const accessTokenSchema = z
  .object({
    access_token: z.string().openapi({ description: "Opaque bearer token" }),
    expires_at: isoDateTime,
  })
  .openapi("AccessToken");
export type AccessTokenResponse = z.infer<typeof accessTokenSchema>;
