import { test as setup } from "@playwright/test";
import { demoCredentials } from "../support";
import { OWNER_STATE, signIn } from "./helpers";

// Signs the demo owner in once; the console project starts from this session.
setup("sign in as the demo owner", async ({ page }) => {
  const { staff } = demoCredentials();
  await signIn(page, staff.email, staff.password);
  await page.context().storageState({ path: OWNER_STATE });
});
