import type { SignupFieldErrors } from "./signup-schema";

/** What the sign-up server action answers when it does not redirect (CONVENTIONS: typed field errors). */
export interface SignupState {
  message: string | null;
  fieldErrors: SignupFieldErrors;
}

export const initialSignupState: SignupState = { message: null, fieldErrors: {} };
