"use client";

import { useRiskFormClasses } from "./classes";
import { describedBy, FieldError } from "./field";

export interface DateParts {
  day: string;
  month: string;
  year: string;
}

/** Date of birth as three boxes (the GOV.UK pattern: easier than a calendar for dates decades ago). */
/** `ownDetails`: the person types their own date, so the browser may fill it in; staff typing someone else's may not. */
export function DateOfBirthField({
  value,
  onChange,
  errors,
  ownDetails = true,
}: {
  value: DateParts;
  onChange: (v: DateParts) => void;
  errors?: readonly string[];
  ownDetails?: boolean;
}) {
  const classes = useRiskFormClasses();
  const invalid = errors?.length ? true : undefined;
  const parts = [
    { key: "day", label: "Day", name: "dobDay", width: "w-16", max: 2, autoComplete: "bday-day" },
    { key: "month", label: "Month", name: "dobMonth", width: "w-16", max: 2, autoComplete: "bday-month" },
    { key: "year", label: "Year", name: "dobYear", width: "w-24", max: 4, autoComplete: "bday-year" },
  ] as const;
  return (
    <fieldset className="space-y-1.5" aria-describedby={describedBy("dob-hint", "dob-error")}>
      <legend className={classes.label}>Date of birth</legend>
      <p id="dob-hint" className={classes.hint}>
        For example, 27 3 1990
      </p>
      <FieldError id="dob-error" messages={errors} />
      <div className="flex gap-3">
        {parts.map((p) => (
          <div key={p.key} className="space-y-1">
            <label htmlFor={p.name} className={classes.partLabel}>
              {p.label}
            </label>
            <input
              id={p.name}
              name={p.name}
              inputMode="numeric"
              pattern="[0-9]*"
              maxLength={p.max}
              autoComplete={ownDetails ? p.autoComplete : "off"}
              value={value[p.key]}
              onChange={(e) => onChange({ ...value, [p.key]: e.target.value.replace(/\D/g, "") })}
              aria-invalid={invalid}
              aria-describedby={describedBy("dob-hint", "dob-error")}
              className={`${classes.inputBase} ${p.width} text-center`}
            />
          </div>
        ))}
      </div>
    </fieldset>
  );
}
