"use client";

import type { ReactNode } from "react";
import { DateOfBirthField, type DateParts } from "./date-of-birth-field";
import { TextField } from "./field";

export interface PersonValue {
  firstName: string;
  lastName: string;
  email: string;
  dob: DateParts;
}

export const emptyPersonValue: PersonValue = { firstName: "", lastName: "", email: "", dob: { day: "", month: "", year: "" } };

export type PersonErrors = Partial<Record<"firstName" | "lastName" | "email" | "dateOfBirth", readonly string[]>>;

interface Props {
  value: PersonValue;
  onChange: (value: PersonValue) => void;
  errors: PersonErrors;
  emailHint?: ReactNode;
  /** The person types their own details (the browser may fill them in), or staff type someone else's. */
  ownDetails?: boolean;
}

/**
 * Who is assessed: first and last name, email and date of birth, as the inputs `firstName`,
 * `lastName`, `email`, `dobDay`, `dobMonth` and `dobYear`.
 */
export function PersonFields({ value, onChange, errors, emailHint, ownDetails = true }: Props) {
  const set = (k: "firstName" | "lastName" | "email") => (e: React.ChangeEvent<HTMLInputElement>) =>
    onChange({ ...value, [k]: e.target.value });
  const auto = (token: string) => (ownDetails ? token : "off");
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id="firstName"
          label="First name"
          autoComplete={auto("given-name")}
          value={value.firstName}
          onChange={set("firstName")}
          errors={errors.firstName}
        />
        <TextField
          id="lastName"
          label="Last name"
          autoComplete={auto("family-name")}
          value={value.lastName}
          onChange={set("lastName")}
          errors={errors.lastName}
        />
      </div>
      <TextField
        id="email"
        label="Email address"
        type="email"
        autoComplete={auto("email")}
        spellCheck={false}
        hint={emailHint}
        value={value.email}
        onChange={set("email")}
        errors={errors.email}
      />
      <DateOfBirthField
        value={value.dob}
        onChange={(dob) => onChange({ ...value, dob })}
        errors={errors.dateOfBirth}
        ownDetails={ownDetails}
      />
    </>
  );
}
