"use client";

import { useEffect, useRef, useState } from "react";
import type { AddressOption, ManualAddressInput } from "@/lib/contract/address-entry";
import { checkPostcode } from "@/lib/contract/postcode";
import { AddressCombobox } from "./address-combobox";
import { useRiskFormClasses } from "./classes";
import { describedBy, FieldError, TextField } from "./field";
import { usePostcodeLookup } from "./use-postcode-lookup";

export type ManualAddress = ManualAddressInput;

export interface AddressValue {
  mode: "lookup" | "manual";
  selected: AddressOption | null;
  manual: ManualAddress;
}

export const emptyAddressValue: AddressValue = {
  mode: "lookup",
  selected: null,
  manual: { houseNameOrNumber: "", street: "", city: "", postcode: "" },
};

export type AddressErrors = Partial<Record<"address" | keyof ManualAddress, readonly string[]>>;

/** The words that change with who is typing: the person about their own address, or staff about someone's. */
export interface AddressPickerCopy {
  selectLabel: string;
  noMatch: string;
  chosen: string;
  lookupInstead: string;
  unavailable: string;
}

export const PERSON_ADDRESS_COPY: AddressPickerCopy = {
  selectLabel: "Select your address",
  noMatch: "No addresses match. Change the text, or enter your address manually.",
  chosen: "We’ll use this address",
  lookupInstead: "Find my address by postcode instead",
  unavailable: "Address search isn't working right now. Please enter your address manually.",
};

export const STAFF_ADDRESS_COPY: AddressPickerCopy = {
  selectLabel: "Select the address",
  noMatch: "No addresses match. Change the text, or enter the address manually.",
  chosen: "Address to use",
  lookupInstead: "Find the address by postcode instead",
  unavailable: "Address search isn't working right now. Enter the address manually.",
};

interface Props {
  value: AddressValue;
  onChange: (value: AddressValue) => void;
  errors: AddressErrors;
  /** The app's own lookup route (the onboarding app's goes through the service client, the console's to the domain). */
  lookupUrl: string;
  copy?: AddressPickerCopy;
  /** The person types their own address (the browser may fill it in), or staff type someone else's. */
  ownDetails?: boolean;
}

/**
 * Postcode → addresses (the app's lookup route, usePostcodeLookup) → the combobox; or the address
 * typed in by hand. The chosen address travels as JSON in the hidden `address` field, a manual
 * one in `houseNameOrNumber`, `street`, `city` and `postcode`; `addressMode` says which.
 */
export function AddressPicker({ value, onChange, errors, lookupUrl, copy = PERSON_ADDRESS_COPY, ownDetails = true }: Props) {
  const classes = useRiskFormClasses();
  const [postcodeText, setPostcodeText] = useState(value.selected?.address.postcode ?? "");
  const [searched, setSearched] = useState<string | null>(value.selected?.address.postcode ?? null);
  const [postcodeError, setPostcodeError] = useState<string | null>(null);
  const comboboxRef = useRef<HTMLInputElement>(null);
  const postcodeRef = useRef<HTMLInputElement>(null);
  const manualFirstRef = useRef<HTMLInputElement>(null);
  const focusResults = useRef(false);
  const focusManual = useRef(false);

  const lookup = usePostcodeLookup(lookupUrl, searched, value.mode === "lookup");
  const answer = lookup.data;

  // After a search the person asked for, take them to what it found (DOM focus only).
  useEffect(() => {
    if (!focusResults.current || !answer) return;
    focusResults.current = false;
    if (answer.status === "found") comboboxRef.current?.focus();
  }, [answer]);
  useEffect(() => {
    if (value.mode === "manual" && focusManual.current) {
      focusManual.current = false;
      manualFirstRef.current?.focus();
    }
  }, [value.mode]);

  const options = answer?.status === "found" ? answer.addresses : null;

  function search() {
    const checked = checkPostcode(postcodeText);
    if (!checked.ok) {
      setPostcodeError(checked.message);
      postcodeRef.current?.focus();
      return;
    }
    setPostcodeError(null);
    focusResults.current = true;
    if (checked.postcode !== searched) {
      onChange({ ...value, selected: null });
      setSearched(checked.postcode);
    } else if (lookup.isError) {
      void lookup.refetch();
    } else {
      focusResults.current = false;
      if (answer?.status === "found") comboboxRef.current?.focus();
    }
  }

  function switchToManual() {
    focusManual.current = true;
    const postcode = value.manual.postcode || (answer && answer.status !== "error" ? answer.postcode : postcodeText);
    onChange({ ...value, mode: "manual", manual: { ...value.manual, postcode } });
  }

  const lookupMessage =
    postcodeError ??
    (answer?.status === "not_found" || answer?.status === "error" ? answer.message : lookup.isError ? copy.unavailable : null);
  const auto = (token: string) => (ownDetails ? token : "off");

  if (value.mode === "manual") {
    const set = (k: keyof ManualAddress) => (e: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ ...value, manual: { ...value.manual, [k]: e.target.value } });
    return (
      <div className="space-y-5">
        <input type="hidden" name="addressMode" value="manual" />
        <TextField
          id="houseNameOrNumber"
          label="House number or name"
          autoComplete={ownDetails ? undefined : "off"}
          inputRef={manualFirstRef}
          value={value.manual.houseNameOrNumber}
          onChange={set("houseNameOrNumber")}
          errors={errors.houseNameOrNumber}
          className="max-w-sm"
        />
        <TextField
          id="street"
          label="Street"
          autoComplete={auto("address-line1")}
          value={value.manual.street}
          onChange={set("street")}
          errors={errors.street}
        />
        <TextField
          id="city"
          label="Town or city"
          autoComplete={auto("address-level2")}
          value={value.manual.city}
          onChange={set("city")}
          errors={errors.city}
          className="max-w-md"
        />
        <TextField
          id="postcode"
          label="Postcode"
          autoComplete={auto("postal-code")}
          autoCapitalize="characters"
          value={value.manual.postcode}
          onChange={set("postcode")}
          errors={errors.postcode}
          className="max-w-52"
        />
        <p>
          <button
            type="button"
            className={classes.linkButton}
            onClick={() => {
              onChange({ ...value, mode: "lookup" });
              setTimeout(() => postcodeRef.current?.focus());
            }}
          >
            {copy.lookupInstead}
          </button>
        </p>
      </div>
    );
  }

  return (
    <div className="space-y-5">
      <input type="hidden" name="addressMode" value="lookup" />
      <input type="hidden" name="address" value={value.selected ? JSON.stringify(value.selected.address) : ""} />
      <div className="space-y-1.5">
        <label htmlFor="lookupPostcode" className={classes.label}>
          Postcode
        </label>
        <p id="lookupPostcode-hint" className={classes.hint}>
          For example, SW1A 2AA
        </p>
        <FieldError id="lookupPostcode-error" messages={lookupMessage ? [lookupMessage] : !options ? errors.address : undefined} />
        <div className="flex flex-col gap-3 sm:flex-row">
          <input
            id="lookupPostcode"
            ref={postcodeRef}
            type="text"
            autoComplete={auto("postal-code")}
            autoCapitalize="characters"
            spellCheck={false}
            value={postcodeText}
            onChange={(e) => setPostcodeText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === "Enter") {
                e.preventDefault(); // searching, not submitting the form
                search();
              }
            }}
            aria-invalid={lookupMessage || (!options && errors.address) ? true : undefined}
            aria-describedby={describedBy("lookupPostcode-hint", "lookupPostcode-error")}
            className={`${classes.input} sm:max-w-52`}
          />
          <button type="button" onClick={search} className={classes.secondaryButton} disabled={lookup.isFetching}>
            {lookup.isFetching ? "Searching…" : "Find address"}
          </button>
        </div>
        <p role="status" className="sr-only">
          {lookup.isFetching ? "Searching for addresses" : ""}
        </p>
      </div>

      {options && (
        <AddressCombobox
          key={searched}
          id="addressChoice"
          label={copy.selectLabel}
          noMatch={copy.noMatch}
          options={options}
          selected={value.selected}
          onSelect={(selected) => onChange({ ...value, selected })}
          errors={errors.address}
          inputRef={comboboxRef}
        />
      )}

      {value.selected && (
        <div className="rounded-lg border border-emerald-300 bg-emerald-50 p-4" data-testid="chosen-address">
          <p className="text-sm font-semibold text-emerald-900">{copy.chosen}</p>
          <p className="mt-1 text-slate-900">{value.selected.label}</p>
        </div>
      )}

      <p>
        <button type="button" className={classes.linkButton} onClick={switchToManual}>
          Enter the address manually
        </button>
      </p>
    </div>
  );
}
