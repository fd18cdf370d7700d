// The onboarding app's own postcode route (GET /api/onboarding/postcode) answers the shared
// address picker's shape (components/risk-form).
export type { AddressOption, PostcodeAnswer } from "@/lib/contract/address-entry";
