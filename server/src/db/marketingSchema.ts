import type { ColumnType, Generated } from "kysely";
import type { DefaultTimestamp, Json, NullableTimestamp, Timestamp } from "./schema.ts";

// Table types of the marketing tables (campaigns, claims), merged into DB in schema.ts.

/** bigint columns come back as strings from PostgreSQL; the code converts with Number(). */
type Cents = ColumnType<string | number, number, number>;
type NullableCents = ColumnType<string | number | null, number | null, number | null>;

export interface CampaignsTable {
  id: string;
  companyId: string;
  friendlyId: string;
  name: string;
  displayName: string | null;
  description: string | null;
  campaignType: string;
  startDate: Timestamp;
  endDate: Timestamp;
  isActive: Generated<boolean>;
  offerAmountCents: Cents;
  offerType: Generated<string>;
  offerDescription: string | null;
  deliveryMethod: Generated<string>;
  budgetCents: NullableCents;
  maxParticipants: number | null;
  templateConfig: Json<unknown>;
  createdBy: string | null;
  createdAt: DefaultTimestamp;
  updatedAt: DefaultTimestamp;
}

export interface CampaignClaimsTable {
  id: string;
  companyId: string;
  campaignId: string;
  /** The claim ID the customer is shown ("CLM-XXXX-XXXX"). */
  claimCode: string;
  customerName: string;
  email: string | null;
  phone: string | null;
  status: Generated<string>;
  codeHash: string;
  codeExpiresAt: Timestamp;
  attempts: Generated<number>;
  source: Generated<string>;
  recordedBy: string | null;
  verifiedAt: NullableTimestamp;
  verifiedBy: string | null;
  usedAt: NullableTimestamp;
  usedBy: string | null;
  createdAt: DefaultTimestamp;
}

export interface MarketingTables {
  campaigns: CampaignsTable;
  campaignClaims: CampaignClaimsTable;
}
