// Staff sign-in for the console (next-auth v5). Sessions are JWTs (Credentials requires it);
// the token carries only the user id: teams and roles are read fresh on every request.
import NextAuth, { CredentialsSignin, type NextAuthConfig } from "next-auth";
import Credentials from "next-auth/providers/credentials";
import type { Provider } from "next-auth/providers";
import { z } from "zod";
import { getConfig } from "@/lib/config";
import { getDb } from "@/lib/db";
import { findStaffByEmail, verifyStaffPassword } from "@/lib/server/console/verify-staff-password";
import { trustedClientIp } from "@/lib/server/security/client-ip";
import { limitSignIn } from "@/lib/server/security/limit-sign-in";
import { SignInDelayed } from "@/lib/auth/sign-in-delayed";

const credentialsSchema = z.object({ email: z.email().max(320), password: z.string().min(1).max(200) });

export const SIGN_IN_PATH = "/console/sign-in";

function providers(): Provider[] {
  const list: Provider[] = [
    Credentials({
      credentials: { email: { label: "Email", type: "email" }, password: { label: "Password", type: "password" } },
      async authorize(raw, request) {
        const parsed = credentialsSchema.safeParse(raw);
        if (!parsed.success) throw new CredentialsSignin();
        const db = await getDb();
        // Issue 15: after failed attempts for this email or from this address, each try waits longer.
        const attempt = {
          door: "console" as const,
          account: parsed.data.email,
          ip: trustedClientIp(request.headers),
          settings: getConfig().rateLimits.failures,
        };
        const checked = await limitSignIn(db, attempt, () => verifyStaffPassword(db, parsed.data));
        if (!checked.ok) throw new SignInDelayed(checked.error.retryAfterSeconds ?? 1);
        const user = checked.value;
        if (!user) throw new CredentialsSignin();
        return { id: user.id, email: user.email, name: user.name };
      },
    }),
  ];
  const oidc = getConfig().auth.oidc;
  if (oidc)
    list.push({ id: "oidc", name: oidc.name, type: "oidc", issuer: oidc.issuer, clientId: oidc.clientId, clientSecret: oidc.clientSecret });
  return list;
}

// Lazy: the configuration (and AUTH_SECRET) is read at the first request, never at build time.
export const { handlers, auth, signIn, signOut } = NextAuth((): NextAuthConfig => {
  const config = getConfig();
  return {
    secret: config.auth.secret,
    trustHost: config.auth.trustHost,
    session: { strategy: "jwt", maxAge: 12 * 60 * 60 },
    pages: { signIn: SIGN_IN_PATH, error: SIGN_IN_PATH },
    // A wrong password is an answer, not a server error: keep it out of the error log.
    logger: {
      error(error) {
        if (error.name !== "CredentialsSignin") console.error(error);
      },
    },
    providers: providers(),
    callbacks: {
      // An external identity signs in only as an existing staff user with a verified email.
      async signIn({ account, profile }) {
        if (account?.provider !== "oidc") return true;
        if (!profile?.email || profile.email_verified === false) return false;
        return (await findStaffByEmail(await getDb(), profile.email)) !== null;
      },
      async jwt({ token, user, account, profile }) {
        if (account?.provider === "oidc" && profile?.email) {
          const staff = await findStaffByEmail(await getDb(), profile.email);
          if (staff) token.sub = staff.id;
        } else if (user?.id) {
          token.sub = user.id;
        }
        return token;
      },
      session({ session, token }) {
        if (token.sub) session.user.id = token.sub;
        return session;
      },
    },
  };
});
