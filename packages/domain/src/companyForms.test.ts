import { describe, expect, it } from "vitest";
import { companyCreateFormSchema, companyEditFormSchema, type CompanyFormInput } from "./companyForms.ts";
import { localizeValidationMessage } from "./validationMessages.ts";

const messages = (result: { error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
  Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join("."), i.message]));
const spanish = (found: Record<string, string>) => Object.fromEntries(Object.entries(found).map(([k, m]) => [k, localizeValidationMessage(m, "es")]));

const company: CompanyFormInput = {
  name: " Spin Cycle ",
  displayName: "",
  companyCode: "",
  description: "",
  industry: "Laundry",
  size: "",
  emailDomain: " SpinCycle.example ",
  allowJoinRequests: true,
  requireApproval: true,
  defaultLanguage: "es",
  ownerEmail: " owner@spincycle.example ",
  ownerName: "",
};

describe("the company form", () => {
  it("hands on the fields trimmed, the domain in lower case", () => {
    expect(companyCreateFormSchema.parse(company)).toEqual({
      ...company,
      name: "Spin Cycle",
      emailDomain: "spincycle.example",
      ownerEmail: "owner@spincycle.example",
    });
    expect(companyCreateFormSchema.parse({ ...company, emailDomain: "", size: "SMALL" })).toMatchObject({ emailDomain: "", size: "SMALL" });
    expect(companyEditFormSchema.parse({ ...company, ownerEmail: "", companyCode: " spin2026 " }).companyCode).toBe("SPIN2026");
  });

  it("asks for a name and the owner's e-mail when creating, in English and Spanish", () => {
    const found = messages(companyCreateFormSchema.safeParse({ ...company, name: "  ", ownerEmail: "owner@" }));
    expect(found).toEqual({ name: "Company name is required", ownerEmail: "Enter a valid e-mail address" });
    expect(spanish(found)).toEqual({ name: "El nombre de la empresa es obligatorio", ownerEmail: "Escribe un correo válido" });
  });

  it("refuses a malformed domain, and when editing a malformed code (the owner is not asked)", () => {
    const domain = messages(companyCreateFormSchema.safeParse({ ...company, emailDomain: "spin cycle" }));
    expect(domain).toEqual({ emailDomain: "Enter a domain like example.com" });
    expect(spanish(domain)).toEqual({ emailDomain: "Escribe un dominio como example.com" });
    const code = messages(companyEditFormSchema.safeParse({ ...company, ownerEmail: "", companyCode: "AB-1" }));
    expect(code).toEqual({ companyCode: "A company code has 6 to 12 letters and digits" });
    expect(spanish(code)).toEqual({ companyCode: "Un código de empresa tiene de 6 a 12 letras y dígitos" });
  });
});
