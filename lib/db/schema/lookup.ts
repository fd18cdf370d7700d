import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./common";
import { tenantColumns } from "./tenant";

/** The live postcode lookup's data, imported per team by `npm run cli -- import-addresses`. */
export const addresses = pgTable(
  "addresses",
  {
    id: text("id").primaryKey(),
    ...tenantColumns(),
    // Upper case, no spaces: "SW1A2AA". Lookups normalise the query the same way.
    postcodeKey: text("postcode_key").notNull(),
    postcode: text("postcode").notNull(),
    residenceNumber: text("residence_number"),
    buildingName: text("building_name"),
    street: text("street"),
    city: text("city").notNull(),
    region: text("region"),
    countryCode: text("country_code").notNull(),
    country: text("country").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("addresses_team_mode_postcode_idx").on(t.teamId, t.mode, t.postcodeKey)],
);
export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;
