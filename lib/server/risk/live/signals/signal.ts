import type { RadarSignal } from "@/lib/contract";

/** One fraud signal of spec 2.8 as the live engine found it. */
export interface SignalResult {
  name: RadarSignal;
  state: "PASS" | "FAIL" | "NOT_PERFORMED";
  /** Always given: a reviewer reads why, whatever the state. */
  reason: string;
  trustSignals: string[];
  fraudSignals: string[];
}

export function signal(
  name: RadarSignal,
  state: SignalResult["state"],
  reason: string,
  named: { trust?: string[]; fraud?: string[] } = {},
): SignalResult {
  return { name, state, reason, trustSignals: named.trust ?? [], fraudSignals: named.fraud ?? [] };
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
