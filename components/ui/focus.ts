// One focus ring for every interactive element the pages draw, so keyboard users always see where they are.
export const focusRing = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 focus-visible:rounded-sm";
