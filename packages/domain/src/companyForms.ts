import { z } from "zod";
import { COMPANY_SIZES } from "./companyCode.ts";
import { ruleMessage } from "./validationMessages.ts";

// The platform console's company form (system-admin/companies): creating a company with its first
// owner, or editing one. The name, e-mail domain and company code rules are the ones
// systemAdmin:createCompany and systemAdmin:updateCompany check.

export const COMPANY_NAME_MAX = 120;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DOMAIN_SHAPE = /^[a-z0-9-]+(\.[a-z0-9-]+)+$/;

export const companyNameSchema = z.string().trim().min(1, ruleMessage("companyNameRequired")).max(COMPANY_NAME_MAX);
/** A company's e-mail domain ("example.com"), lower-cased. */
export const emailDomainSchema = z.string().trim().toLowerCase().regex(DOMAIN_SHAPE, ruleMessage("emailDomainFormat"));
/** A company code: 6 to 12 letters and digits, upper-cased. */
export const companyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9]{6,12}$/, ruleMessage("companyCodeFormat"));

const optionalText = (max: number) => z.string().trim().max(max);

const companyFormFields = {
  name: companyNameSchema,
  displayName: optionalText(COMPANY_NAME_MAX),
  /** Shown (and checked) only when editing; a new company is given one. */
  companyCode: z.string(),
  description: optionalText(2000),
  industry: optionalText(120),
  size: z.enum(COMPANY_SIZES).or(z.literal("")),
  /** "" for none. */
  emailDomain: emailDomainSchema.or(z.literal("")),
  allowJoinRequests: z.boolean(),
  requireApproval: z.boolean(),
  defaultLanguage: z.enum(["en", "es"]),
  /** Asked (and checked) only when creating. */
  ownerEmail: z.string().trim(),
  ownerName: optionalText(120),
};

/** The create form: the company and the e-mail of the owner it invites. */
export const companyCreateFormSchema = z.object({
  ...companyFormFields,
  ownerEmail: z.string().trim().regex(EMAIL_SHAPE, ruleMessage("ownerEmailInvalid")),
});
/** The edit form: the company, its code included. */
export const companyEditFormSchema = z.object({ ...companyFormFields, companyCode: companyCodeSchema });
export type CompanyFormInput = z.input<typeof companyCreateFormSchema>;
