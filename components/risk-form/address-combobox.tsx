"use client";

import { useEffect, useId, useState, type KeyboardEvent } from "react";
import type { AddressOption } from "@/lib/contract/address-entry";
import { useRiskFormClasses } from "./classes";
import { describedBy, FieldError } from "./field";

interface Props {
  id: string;
  options: readonly AddressOption[];
  selected: AddressOption | null;
  onSelect: (option: AddressOption) => void;
  errors?: readonly string[];
  inputRef?: React.Ref<HTMLInputElement>;
  /** The combobox's label ("Select your address" to the person, "Select the address" to staff). */
  label?: string;
  /** Read out when the typed text matches nothing. */
  noMatch?: string;
}

function matches(option: AddressOption, query: string): boolean {
  const words = query
    .toLowerCase()
    .split(/[\s,]+/)
    .filter(Boolean);
  const label = option.label.toLowerCase();
  return words.every((w) => label.includes(w));
}

/**
 * The address picker: an editable combobox with a listbox popup and list autocomplete with manual
 * selection (ARIA 1.2, APG "Combobox"). Typing filters; Down/Up move through the options (Down
 * opens the list, Alt+Down opens it without moving); Enter chooses the highlighted option; Escape
 * closes the list, or clears the text when it is already closed; Tab leaves without choosing.
 */
export function AddressCombobox({
  id,
  options,
  selected,
  onSelect,
  errors,
  inputRef,
  label = "Select your address",
  noMatch = "No addresses match. Change the text, or enter your address manually.",
}: Props) {
  const classes = useRiskFormClasses();
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const statusId = useId();
  const [query, setQuery] = useState(selected?.label ?? "");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);

  // The chosen label in the box means "show everything", not "filter to that one address".
  const filtering = query.trim() !== "" && query !== selected?.label;
  const visible = filtering ? options.filter((o) => matches(o, query)) : options;
  const activeOption = open && active >= 0 ? visible[active] : undefined;

  useEffect(() => {
    if (!activeOption) return;
    document.getElementById(`${id}-opt-${activeOption.id}`)?.scrollIntoView({ block: "nearest" });
  }, [activeOption, id]);

  function choose(option: AddressOption) {
    onSelect(option);
    setQuery(option.label);
    setOpen(false);
    setActive(-1);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = visible.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) {
          setOpen(true);
          if (!event.altKey) setActive(active >= 0 ? active : 0);
        } else {
          setActive(active >= last ? 0 : active + 1);
        }
        return;
      case "ArrowUp":
        event.preventDefault();
        if (!open) {
          setOpen(true);
          setActive(last);
        } else {
          setActive(active <= 0 ? last : active - 1);
        }
        return;
      case "Enter":
        if (open && activeOption) {
          event.preventDefault(); // choosing, not submitting the form
          choose(activeOption);
        }
        return;
      case "Escape":
        if (open) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        } else if (query) {
          event.preventDefault();
          setQuery("");
        }
        return;
      case "Tab":
        setOpen(false);
        setActive(-1);
        return;
    }
  }

  const count = visible.length;
  const status = !open
    ? ""
    : count === 0
      ? noMatch
      : `${count} ${count === 1 ? "address" : "addresses"}${filtering ? " match" : " found"}.`;

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className={classes.label}>
        {label}
      </label>
      <p id={hintId} className={classes.hint}>
        {options.length} {options.length === 1 ? "address" : "addresses"} found.{" "}
        {/* The device's own way of choosing: a touch screen taps, a keyboard moves with arrows (CSS media query: no flash after load). */}
        <span className="pointer-coarse:hidden">Type to filter, then use the up and down arrow keys and Enter to choose.</span>
        <span className="hidden pointer-coarse:inline">Type to filter, or tap the box to see them all, then tap your address.</span>
      </p>
      <FieldError id={errorId} messages={errors} />
      <div className="relative">
        <input
          id={id}
          ref={inputRef}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={activeOption ? `${id}-opt-${activeOption.id}` : undefined}
          aria-describedby={describedBy(hintId, errorId)}
          aria-invalid={errors?.length ? true : undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder="Type to filter, like 221"
          value={query}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            setOpen(false);
            setActive(-1);
          }}
          className={`${classes.input} pr-11`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={open ? "Hide addresses" : "Show addresses"}
          aria-controls={listboxId}
          aria-expanded={open}
          onMouseDown={(e) => e.preventDefault()} // keep focus in the input
          onClick={() => {
            setOpen(!open);
            setActive(-1);
          }}
          className="absolute inset-y-0 right-0 flex w-11 items-center justify-center rounded-r-lg text-slate-700 hover:text-slate-900"
        >
          <svg viewBox="0 0 20 20" aria-hidden="true" className={`h-5 w-5 transition-transform ${open ? "rotate-180" : ""}`}>
            <path
              d="M5.5 7.5 10 12l4.5-4.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
      </div>
      <ul
        id={listboxId}
        role="listbox"
        aria-label="Addresses"
        hidden={!open || count === 0}
        className="max-h-72 overflow-y-auto rounded-lg border border-slate-300 bg-white py-1 shadow-lg"
      >
        {visible.map((option, i) => {
          const isActive = i === active;
          const isSelected = option.id === selected?.id;
          return (
            <li
              key={option.id}
              id={`${id}-opt-${option.id}`}
              role="option"
              aria-selected={isSelected}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => choose(option)}
              onMouseMove={() => active !== i && setActive(i)}
              className={`flex cursor-pointer items-start gap-2 px-3 py-2.5 ${classes.option} ${isActive ? classes.activeOption : "text-slate-900"} ${isSelected && !isActive ? "font-semibold" : ""}`}
            >
              <span aria-hidden="true" className={`mt-0.5 w-4 shrink-0 ${isSelected ? "" : "invisible"}`}>
                ✓
              </span>
              <span>{option.label}</span>
            </li>
          );
        })}
      </ul>
      {open && count === 0 && <p className={classes.hint}>No addresses match &ldquo;{query}&rdquo;.</p>}
      <p id={statusId} role="status" className="sr-only">
        {status}
      </p>
    </div>
  );
}
