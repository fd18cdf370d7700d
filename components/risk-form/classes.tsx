"use client";

import { createContext, useContext, type ReactNode } from "react";

/**
 * The look of the shared risk form's fields. Each app gives its own (the onboarding app's large
 * sign-up style, the console's compact one) so the fields sit in either without looking borrowed.
 */
export interface RiskFormClasses {
  /** A full-width text input. */
  input: string;
  /** An input sized by the field (the date of birth boxes). */
  inputBase: string;
  label: string;
  /** The small labels inside a group (Day, Month, Year). */
  partLabel: string;
  hint: string;
  error: string;
  primaryButton: string;
  secondaryButton: string;
  linkButton: string;
  /** The focus ring of controls without their own (the file input). */
  ring: string;
  /** An option of the address list (its text size). */
  option: string;
  /** A highlighted option of the address list. */
  activeOption: string;
  fileInput: string;
}

const Classes = createContext<RiskFormClasses | null>(null);

export function RiskFormClassesProvider({ classes, children }: { classes: RiskFormClasses; children: ReactNode }) {
  return <Classes.Provider value={classes}>{children}</Classes.Provider>;
}

export function useRiskFormClasses(): RiskFormClasses {
  const classes = useContext(Classes);
  if (!classes) throw new Error("Wrap the risk form's fields in <RiskFormClassesProvider>");
  return classes;
}
