import type { Db } from "@/lib/db";
import { sha256 } from "../shared/crypto";
import { fail, ok, type Result } from "../shared/result";
import { clearFailures, currentDelay, recordFailure } from "./failure-delay";
import type { RateLimitSettings } from "./rate-limit-settings";

export interface SignInAttempt {
  /** Which door: API client credentials or the staff console (their counts are kept apart). */
  door: "api" | "console";
  /** The account tried: a client id or a staff email. */
  account: string;
  /** The caller's address (lib/server/security/client-ip.ts); null when unknown, then only the account counts. */
  ip: string | null;
  /**
   * The account's delay is kept per account and address, so failures from one address never hold
   * back the account's sign-ins from another (the address's own limit still counts every account).
   * Right for API client ids: anyone may know one, and its secret is 32 random bytes that no
   * number of addresses can guess. Not for staff emails, whose passwords can be guessed from many
   * addresses: their delay is per email from anywhere.
   */
  accountPerAddress?: boolean;
  settings: RateLimitSettings["failures"];
  now?: number;
}

// Hashed: the table holds no addresses or emails in clear.
const accountKey = (a: SignInAttempt) => {
  const account = a.account.trim().toLowerCase();
  return a.accountPerAddress && a.ip
    ? `fail-account-ip:${a.door}:${sha256(`${account}\n${a.ip}`).slice(0, 40)}`
    : `fail-account:${a.door}:${sha256(account).slice(0, 40)}`;
};
const ipKey = (a: SignInAttempt) => (a.ip ? `fail-ip:${a.door}:${sha256(a.ip).slice(0, 40)}` : null);

/**
 * Runs a credential check behind the growing delay of issue 15. While the account (with
 * `accountPerAddress`: the account from this address) or the address is serving a delay the check is not even made (429 with the seconds left): guessing gets
 * slower and slower whatever the guesses are. A failure counts on both; a success clears the
 * account's count (the address keeps its own: a success on one account must not let an address
 * go on guessing others').
 */
export async function limitSignIn<T>(db: Db, attempt: SignInAttempt, check: () => Promise<T | null>): Promise<Result<T | null>> {
  const now = attempt.now ?? Date.now();
  const account = accountKey(attempt);
  const ip = ipKey(attempt);
  const wait = await currentDelay(db, ip ? [account, ip] : [account], now);
  if (wait > 0) {
    return fail("rate_limited", `Too many failed attempts: try again in ${wait} second${wait === 1 ? "" : "s"}`, {
      code: "rate_limited",
      retryAfterSeconds: wait,
    });
  }
  const value = await check();
  if (value === null) {
    const { perAccount, perIp, maxDelaySeconds } = attempt.settings;
    await recordFailure(db, { key: account, free: perAccount, maxDelaySeconds, now });
    if (ip) await recordFailure(db, { key: ip, free: perIp, maxDelaySeconds, now });
    return ok(null);
  }
  await clearFailures(db, account);
  return ok(value);
}
