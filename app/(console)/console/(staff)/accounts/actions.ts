"use server";

import { revalidatePath } from "next/cache";
import { redirect } from "next/navigation";
import { getStaffContext } from "@/lib/auth/staff-context";
import { acknowledgeAlerts } from "@/lib/server/console/acknowledge-alerts";
import { addSandboxTestAccount } from "@/lib/server/console/add-sandbox-test-account";
import { setAccountAlerts } from "@/lib/server/console/set-account-alerts";

export async function acknowledgeAction(accountId: string): Promise<void> {
  const context = await getStaffContext();
  if (!context) redirect("/console/sign-in");
  await acknowledgeAlerts(context.db, context.tenant, { staff: context.staff, accountId });
  revalidatePath(`/console/accounts/${accountId}`);
}

export async function setAlertsAction(accountId: string, enabled: boolean): Promise<void> {
  const context = await getStaffContext();
  if (!context) redirect("/console/sign-in");
  await setAccountAlerts(context.db, context.tenant, { staff: context.staff, accountId, enabled });
  revalidatePath(`/console/accounts/${accountId}`);
}

export async function addTestAccountAction(): Promise<void> {
  const context = await getStaffContext();
  if (!context) redirect("/console/sign-in");
  const result = await addSandboxTestAccount(context.db, context.tenant, { staff: context.staff });
  // redirect() throws: outside any try/catch.
  if (result.ok) redirect(`/console/accounts/${result.value.id}`);
  revalidatePath("/console/accounts");
}
