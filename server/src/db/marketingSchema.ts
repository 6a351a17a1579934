// Table types of the marketing tables (campaigns, claims), merged into DB in schema.ts.
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled in by the marketing tables
export interface MarketingTables {}
