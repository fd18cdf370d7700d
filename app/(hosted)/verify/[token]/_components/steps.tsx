"use client";

import dynamic from "next/dynamic";

/**
 * The hosted page shows one screen at a time. Imported directly, every screen's client code (the
 * cameras, the upload, the postcode picker, the vouch forms) was in the page's first load, whatever
 * the screen. Each screen is its own chunk instead: the server still renders it, and the browser
 * loads only the chunk of the screen it shows (issue 12's first-load budget, tests/bench/hosted.ts).
 */
export const ConsentPanel = dynamic(() => import("@/components/hosted/steps/consent-panel").then((m) => m.ConsentPanel));
export const ClaimForm = dynamic(() => import("./claim-form").then((m) => m.ClaimForm));
export const PhotoIdStep = dynamic(() => import("./photo-id-step").then((m) => m.PhotoIdStep));
export const SelfieStep = dynamic(() => import("./selfie-step").then((m) => m.SelfieStep));
export const AddressStep = dynamic(() => import("./address-step").then((m) => m.AddressStep));
export const VouchStep = dynamic(() => import("./vouch-step").then((m) => m.VouchStep));
export const RefereeConfirmStep = dynamic(() => import("./referee-confirm-step").then((m) => m.RefereeConfirmStep));
export const ResultPanel = dynamic(() => import("@/components/hosted/steps/result-panel").then((m) => m.ResultPanel));
export const SandboxOutcomeForm = dynamic(() => import("@/components/hosted/sandbox-outcome-form").then((m) => m.SandboxOutcomeForm));
