import type { Metadata } from "next";
import { PageHeader } from "@/components/console/page-header";
import { requireStaff } from "@/lib/auth/staff-context";

export const metadata: Metadata = { title: "Overview" };

export default async function OverviewPage() {
  const context = await requireStaff();
  return <PageHeader title="Overview" description={`${context.team.name} · ${context.mode}`} />;
}
