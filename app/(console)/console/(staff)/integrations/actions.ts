"use server";

import { revalidatePath } from "next/cache";
import { z } from "zod";
import type { CreateCredentialState } from "@/components/console/create-credential-form";
import { failureMessage } from "@/lib/auth/failure-message";
import { getStaffContext } from "@/lib/auth/staff-context";
import { createCredential } from "@/lib/server/console/create-credential";
import { revokeCredential } from "@/lib/server/console/revoke-credential";

const nameSchema = z.string().trim().min(1, "Give the credentials a name").max(80, "At most 80 characters");

export async function createCredentialAction(_previous: CreateCredentialState, formData: FormData): Promise<CreateCredentialState> {
  const context = await getStaffContext();
  if (!context) return { message: "Your session has ended: sign in again." };
  const name = nameSchema.safeParse(formData.get("name") ?? "");
  if (!name.success) return { message: null, fieldErrors: { name: name.error.issues[0]?.message } };
  const result = await createCredential(context.db, context.tenant, { staff: context.staff, name: name.data });
  if (!result.ok) return { message: failureMessage(result.error), fieldErrors: result.error.detail };
  revalidatePath("/console/integrations");
  return { message: null, created: { clientId: result.value.clientId, clientSecret: result.value.clientSecret, name: result.value.name } };
}

/** Bound: the client id. A plain form action: the list re-renders without the credential. */
export async function revokeCredentialAction(clientId: string): Promise<void> {
  const context = await getStaffContext();
  if (!context) return;
  await revokeCredential(context.db, context.tenant, { staff: context.staff, clientId });
  revalidatePath("/console/integrations");
}
