// next-auth re-exports this very class; importing it from @auth/core keeps this file loadable outside Next (tests).
import { CredentialsSignin } from "@auth/core/errors";

/**
 * A console sign-in refused before the password was checked: the email or the address is serving
 * the growing delay after failed attempts (issue 15). It is still a CredentialsSignin, so next-auth
 * treats it as a refused sign-in (and auth.ts keeps it out of the error log).
 */
export class SignInDelayed extends CredentialsSignin {
  code = "rate_limited";
  constructor(readonly retryAfterSeconds: number) {
    super(`Too many failed sign-ins: retry in ${retryAfterSeconds} s`);
    this.name = "CredentialsSignin";
  }
}

/** The wait to show, when the error is a delayed sign-in. */
export function signInDelaySeconds(error: unknown): number | null {
  return error instanceof CredentialsSignin && error.code === "rate_limited" && "retryAfterSeconds" in error
    ? Number(error.retryAfterSeconds)
    : null;
}
