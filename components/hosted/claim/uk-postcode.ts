// The hosted claim's postcode rule is the platform's one rule (lib/contract/postcode.ts).
export { ukPostcode } from "@/lib/contract/postcode";
