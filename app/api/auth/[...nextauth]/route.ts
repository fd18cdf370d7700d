// GET/POST /api/auth/* – next-auth's sign-in, callback, session and sign-out endpoints
import { handlers } from "@/auth";

export const { GET, POST } = handlers;
