import type { Generated } from "kysely";
import type { Cents, DefaultTimestamp, Json, NullableCents, NullableTimestamp, Timestamp } from "./columnTypes.ts";

// Table types of the marketing tables (campaigns, claims), merged into DB in schema.ts.

export interface CampaignsTable {
  id: string;
  companyId: string;
  friendlyId: string;
  name: string;
  displayName: string | null;
  description: string | null;
  campaignType: string;
  /** Business dates (yyyy-MM-dd) in timeZone, both inclusive. */
  startDate: string;
  endDate: string;
  timeZone: Generated<string>;
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
