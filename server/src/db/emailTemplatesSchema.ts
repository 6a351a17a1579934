import type { DefaultTimestamp } from "./columnTypes.ts";

// A company's overrides of the product's e-mail templates (migration 0027). Merged into DB in schema.ts.

export interface EmailTemplatesTable {
  companyId: string;
  kind: string;
  language: string;
  /** Null: the default template's. */
  subject: string | null;
  textBody: string | null;
  htmlBody: string | null;
  updatedBy: string | null;
  updatedAt: DefaultTimestamp;
}

export interface EmailTemplatesTables {
  emailTemplates: EmailTemplatesTable;
}
