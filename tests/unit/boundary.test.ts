import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";

// The onboarding app must reach the service only over HTTP; the lint rule is the guard.
describe("onboarding boundary lint rule", () => {
  // import/no-cycle walks files on disk and cannot follow text linted under a made-up path (it
  // throws); cycles have their own check (scripts/check-import-cycles.ts), this test is the boundary.
  const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { "import/no-cycle": "off" } } });
  const lint = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return result!.messages.filter((m) => m.ruleId === "no-restricted-imports").map((m) => m.message);
  };

  it.each([
    [
      "lib/onboarding/flow.ts",
      'import { createVerification } from "@/lib/server/verifications/create-verification";\nexport const x = createVerification;\n',
    ],
    ["app/(onboarding)/signup/actions.ts", 'import { verifications } from "@/lib/db/schema";\nexport const x = verifications;\n'],
    ["lib/onboarding/flow.ts", 'import { getDb } from "../server/http/app";\nexport const x = getDb;\n'],
  ])("refuses service internals in %s", async (file, code) => {
    const messages = await lint(file, code);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatch(/onboarding side/);
  });

  it("allows the client and the contract there", async () => {
    const code =
      'import { ServiceClient } from "@/lib/client";\nimport { addressSchema } from "@/lib/contract";\nexport const x = [ServiceClient, addressSchema];\n';
    expect(await lint("lib/onboarding/flow.ts", code)).toEqual([]);
  });

  it("keeps components away from the database", async () => {
    const messages = await lint("components/ui/thing.tsx", 'import { getDb } from "@/lib/db";\nexport const x = getDb;\n');
    expect(messages[0]).toMatch(/Components never import/);
  });
});
