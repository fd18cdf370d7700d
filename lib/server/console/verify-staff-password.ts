import bcrypt from "bcryptjs";
import type { Db } from "@/lib/db";

// Compared against when the email is unknown, so both answers take one bcrypt's time.
const DUMMY_HASH = "$2b$12$tC9oIwNzNB9z2CgeBQ0NzeA.PWN32lmuQ6Lc6kZOR2/Y7to.XFn6q";

/** The staff user whose bcrypt hash matches, or null. Email is case-insensitive. */
export async function verifyStaffPassword(
  db: Db,
  input: { email: string; password: string },
): Promise<{ id: string; email: string; name: string | null } | null> {
  const email = input.email.trim().toLowerCase();
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email) });
  const matches = await bcrypt.compare(input.password, user?.passwordHash ?? DUMMY_HASH);
  if (!user?.passwordHash || !matches) return null;
  return { id: user.id, email: user.email, name: user.name };
}

/** The user for an external (OIDC) sign-in: only existing staff, matched by verified email. */
export async function findStaffByEmail(db: Db, email: string): Promise<{ id: string; email: string; name: string | null } | null> {
  const user = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.email, email.trim().toLowerCase()) });
  return user ? { id: user.id, email: user.email, name: user.name } : null;
}
