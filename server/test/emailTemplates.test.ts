import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { enqueue } from "../src/mail/outbox.ts";
import { EMAIL_KINDS, EMAIL_KIND_NAMES, placeholdersOf, renderParts, renderTemplate, TemplateError } from "../src/mail/templates/index.ts";
import { refusalText } from "@tumble/domain/refusals";
import { Client, failure, failureOf, startTestServer, type TestServer } from "./support/testServer.ts";

// E-mail templates: the logic-less renderer (escaping, placeholders, sections), every kind's
// defaults in both languages, a company's overrides with language fallback, the test message
// through a real SMTP server, access, and the e-mail switches each optional kind honours.

describe("template rendering", () => {
  it("escapes values in HTML only, fills sections by presence, and renders unknown names empty", () => {
    const data = { name: `<script>alert("x")</script> & Co`, reason: "", offer: "$5.00" };
    expect(renderTemplate("<p>Hi {{name}}</p>", data, { html: true })).toBe("<p>Hi &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; Co</p>");
    expect(renderTemplate("Hi {{ name }}", data, { html: false })).toBe(`Hi <script>alert("x")</script> & Co`);
    expect(renderTemplate("{{#reason}}Reason: {{reason}}{{/reason}}{{^reason}}No reason{{/reason}}", data, { html: false })).toBe("No reason");
    expect(renderTemplate("{{#offer}}your {{offer}} offer{{/offer}}", data, { html: false })).toBe("your $5.00 offer");
    expect(renderTemplate("[{{missing}}]", data, { html: false })).toBe("[]");
    // Nothing is evaluated: a would-be expression is just a malformed tag.
    expect(() => placeholdersOf("{{constructor.constructor('x')()}}")).toThrow(TemplateError);
    expect(() => placeholdersOf("{{#a}}open")).toThrow("{{#a}} is never closed");
    expect(() => placeholdersOf("{{/a}}")).toThrow("Unexpected {{/a}}");
    expect(placeholdersOf("{{a}} {{#b}}{{c}}{{/b}}")).toEqual(["a", "b", "c"]);
  });

  it("has a default in English and Spanish for every kind, using only its placeholders, rendering its samples", () => {
    for (const kind of EMAIL_KIND_NAMES) {
      const spec = EMAIL_KINDS[kind];
      for (const language of ["en", "es"] as const) {
        const d = spec.defaults[language];
        const used = [...placeholdersOf(d.subject), ...placeholdersOf(d.text), ...(d.html ? placeholdersOf(d.html) : [])];
        for (const name of used) expect(Object.keys(spec.placeholders), `${kind} ${language} {{${name}}}`).toContain(name);
        const out = renderParts(kind, language, { subject: null, text: null, html: null }, spec.placeholders);
        expect(out.subject.length).toBeGreaterThan(0);
        expect(out.text).not.toMatch(/\{\{/);
        expect(out.html).toMatch(/^<!doctype html>/);
      }
    }
    // The request decision reads the same as before the templates, in both languages.
    expect(
      renderParts(
        "requestDecided",
        "en",
        { subject: null, text: null, html: null },
        { name: "Ana", kind: "timeOff", approved: false, reason: "Short-staffed" },
      ),
    ).toEqual({
      subject: "Your time-off request was denied",
      text: "Hello Ana,\n\nYour time-off request was denied.\n\nReason: Short-staffed\n\nSee it in Tumble under My requests.",
      html: expect.stringContaining("<p>Reason: Short-staffed</p>"),
    });
    expect(
      renderParts("requestDecided", "es", { subject: null, text: null, html: null }, { name: "Ana", kind: "swap", approved: true, reason: null }).subject,
    ).toBe("Tu solicitud de cambio de turno fue aprobada");
  });
});

let server: TestServer;
let sink: SmtpSink;
let owner: Client;
let manager: Client;
let staff: Client;
let sudsOwner: Client;

beforeAll(async () => {
  sink = await SmtpSink.start();
  server = await startTestServer({ SMTP_URL: sink.url, OUTBOX_POLL_MS: "100" });
  [owner, manager, staff, sudsOwner] = await Promise.all(
    ["owner@demo.test", "manager@demo.test", "staff@demo.test", "owner@suds.test"].map((email) => new Client(server.url).signIn(email)),
  );
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
});

interface KindRow {
  kind: string;
  optional: boolean;
  placeholders: Record<string, string>;
  languages: { language: string; default: { subject: string }; override: { subject: string | null; text: string | null } | null }[];
}

const db = () => server.database.db;

describe("company e-mail templates", () => {
  it("overrides the Spanish claim code, previews it, sends a test through SMTP, falls back per language and part, and resets", async () => {
    const kinds = await manager.query<KindRow[]>("emailTemplates:list", {});
    expect(kinds.map((k) => k.kind)).toEqual(EMAIL_KIND_NAMES);
    expect(kinds.find((k) => k.kind === "claimCode")).toMatchObject({ optional: false, languages: [{ override: null }, { override: null }] });
    expect(kinds.find((k) => k.kind === "requestDecided")).toMatchObject({ optional: true });

    const text = "Hola <b>amigo</b>: tu código es {{code}} para {{campaignName}}.";
    expect(await failure(manager.mutation("emailTemplates:save", { kind: "claimCode", language: "es", text: "{{code}} {{password}}" }))).toBe(
      "Unknown placeholder in the text: {{password}}",
    );
    expect(await failure(manager.mutation("emailTemplates:save", { kind: "claimCode", language: "es", subject: "{{#code}} sin cerrar" }))).toBe(
      "The subject is not a valid template: {{#code}} is never closed",
    );
    expect(await failure(manager.mutation("emailTemplates:save", { kind: "wireTransfer", language: "es", text: "x" }))).toBe(
      'Unknown e-mail kind "wireTransfer"',
    );
    // The editor says them in the reader's language by their codes (decision 0067).
    const placeholder = await failureOf(manager.mutation("emailTemplates:save", { kind: "claimCode", language: "es", text: "{{code}} {{password}}" }));
    expect(placeholder.data).toEqual({ code: "email.unknownPlaceholder", params: { part: "text", placeholders: "{{password}}" } });
    expect(refusalText(placeholder.data, "es")).toBe("Marcador desconocido en el texto: {{password}}");
    const unclosed = await failureOf(manager.mutation("emailTemplates:save", { kind: "claimCode", language: "es", subject: "{{#code}} sin cerrar" }));
    expect(unclosed.data).toEqual({ code: "email.invalidTemplate", params: { part: "subject", fault: "{{#code}} is never closed" } });
    expect(refusalText(unclosed.data, "es")).toBe("El asunto no es una plantilla válida: {{#code}} nunca se cierra");

    const preview = await manager.query<{ subject: string; text: string; html: string }>("emailTemplates:preview", {
      kind: "claimCode",
      language: "es",
      text,
      html: "<p>Código: <strong>{{code}}</strong> — {{campaignName}}</p>",
    });
    expect(preview.subject).toBe("Su código de verificación: Spring Special");
    expect(preview.text).toBe("Hola <b>amigo</b>: tu código es 604218 para Spring Special.");
    expect(preview.html).toBe("<p>Código: <strong>604218</strong> — Spring Special</p>");

    await manager.mutation("emailTemplates:save", { kind: "claimCode", language: "es", subject: " ", text, html: "<p>{{code}} &middot; {{campaignName}}</p>" });
    const saved = (await manager.query<KindRow[]>("emailTemplates:list", {})).find((k) => k.kind === "claimCode")!;
    // A blank subject keeps the default's; English has no override.
    expect(saved.languages).toMatchObject([
      { language: "en", override: null },
      { language: "es", override: { subject: null, text } },
    ]);

    // What a Spanish-speaking customer receives: the override; an English one: the default.
    const es = await enqueue(db(), {
      channel: "email",
      to: "cliente@example.com",
      companyId: await rioId(),
      template: { kind: "claimCode", language: "es", data: { campaignName: "Lavado <gratis>", claimCode: "C-1", code: "111222", offer: "" } },
    });
    const row = await db().selectFrom("outbox").select(["subject", "body", "htmlBody", "kind", "language"]).where("id", "=", es!).executeTakeFirstOrThrow();
    expect(row).toEqual({
      subject: "Su código de verificación: Lavado <gratis>",
      body: "Hola <b>amigo</b>: tu código es 111222 para Lavado <gratis>.",
      htmlBody: "<p>111222 &middot; Lavado &lt;gratis&gt;</p>",
      kind: "claimCode",
      language: "es",
    });
    const en = await enqueue(db(), {
      channel: "email",
      to: "customer@example.com",
      companyId: await rioId(),
      template: { kind: "claimCode", language: "en", data: { campaignName: "Spring", claimCode: "C-2", code: "333444", offer: "$5.00" } },
    });
    expect((await db().selectFrom("outbox").select("body").where("id", "=", en!).executeTakeFirstOrThrow()).body).toMatch(
      /^Thank you for claiming your \$5\.00 offer!/,
    );
    // Another company sends the product's default.
    const suds = await db().selectFrom("companies").select("id").where("companyCode", "=", "CMP200002").executeTakeFirstOrThrow();
    const other = await enqueue(db(), {
      channel: "email",
      to: "x@example.com",
      companyId: suds.id,
      template: { kind: "claimCode", language: "es", data: { campaignName: "S", claimCode: "C-3", code: "555666", offer: "" } },
    });
    expect((await db().selectFrom("outbox").select("body").where("id", "=", other!).executeTakeFirstOrThrow()).body).toMatch(
      /^¡Gracias por solicitar su oferta!/,
    );
    expect((await sudsOwner.query<KindRow[]>("emailTemplates:list", {})).find((k) => k.kind === "claimCode")!.languages[1].override).toBeNull();

    // The test message reaches a real SMTP server with both parts.
    const { to } = await manager.mutation<{ to: string }>("emailTemplates:sendTest", { kind: "claimCode", language: "es" });
    expect(to).toBe("manager@demo.test");
    const raw = await waitForRaw(to, /604218/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
    expect(raw).toContain("604218");

    await manager.mutation("emailTemplates:reset", { kind: "claimCode", language: "es" });
    expect((await manager.query<KindRow[]>("emailTemplates:list", {})).find((k) => k.kind === "claimCode")!.languages[1].override).toBeNull();
  });

  it("writes in the recipient's language, else the company's", async () => {
    const companyId = await rioId();
    await db().updateTable("users").set({ language: "es" }).where("email", "=", "staff@demo.test").execute();
    const id = await enqueue(db(), {
      channel: "email",
      to: "staff@demo.test",
      companyId,
      template: { kind: "passwordReset", data: { code: "123456", minutes: 15 } },
    });
    expect(await db().selectFrom("outbox").select(["subject", "language"]).where("id", "=", id!).executeTakeFirstOrThrow()).toEqual({
      subject: "Tu código para restablecer la contraseña de Tumble",
      language: "es",
    });
    await db().updateTable("users").set({ language: null }).where("email", "=", "staff@demo.test").execute();
    const unknown = await enqueue(db(), {
      channel: "email",
      to: "nobody@example.com",
      companyId,
      template: { kind: "passwordReset", data: { code: "1", minutes: 15 } },
    });
    expect((await db().selectFrom("outbox").select("language").where("id", "=", unknown!).executeTakeFirstOrThrow()).language).toBe("en");
  });

  it("uses the company's own password-reset text: the active company's for someone in several, else the first joined", async () => {
    await manager.mutation("emailTemplates:save", { kind: "passwordReset", language: "en", subject: "Rio Laundromat reset code {{code}}" });
    const ask = (email: string) => new Client(server.url).action("auth:signIn", { provider: "password", params: { email, flow: "reset" } });
    const lastSubject = async (email: string) =>
      await db()
        .selectFrom("outbox")
        .select(["subject", "companyId"])
        .where("recipient", "=", email)
        .where("kind", "=", "passwordReset")
        .orderBy("createdAt", "desc")
        .executeTakeFirstOrThrow();
    try {
      await ask("manager@demo.test");
      expect((await lastSubject("manager@demo.test")).subject).toMatch(/^Rio Laundromat reset code \d{6}$/);
      // area@demo.test belongs to Rio and Suds: the company they last worked in decides.
      const suds = (await db().selectFrom("companies").select("id").where("companyCode", "=", "CMP200002").executeTakeFirstOrThrow()).id;
      await db().updateTable("users").set({ activeCompanyId: suds }).where("email", "=", "area@demo.test").execute();
      await ask("area@demo.test");
      expect(await lastSubject("area@demo.test")).toEqual({ subject: "Your Tumble password reset code", companyId: suds });
      await db()
        .updateTable("users")
        .set({ activeCompanyId: await rioId() })
        .where("email", "=", "area@demo.test")
        .execute();
      await ask("area@demo.test");
      expect((await lastSubject("area@demo.test")).subject).toMatch(/^Rio Laundromat reset code \d{6}$/);
    } finally {
      await manager.mutation("emailTemplates:reset", { kind: "passwordReset", language: "en" });
    }
  });

  it("honours the e-mail switches for optional kinds; codes and security mail are always sent", async () => {
    const companyId = await rioId();
    await staff.mutation("userPreferences:updateUserPreferences", { preferences: { emailNotifications: { timeOffDecisions: false } } });
    const data = { name: "Sam", kind: "timeOff", approved: true, reason: null };
    expect(await enqueue(db(), { channel: "email", to: "staff@demo.test", companyId, template: { kind: "requestDecided", data } })).toBeNull();
    expect(await enqueue(db(), { channel: "email", to: "manager@demo.test", companyId, template: { kind: "requestDecided", data } })).toEqual(
      expect.any(String),
    );
    expect(
      await enqueue(db(), { channel: "email", to: "staff@demo.test", companyId, template: { kind: "passwordReset", data: { code: "1", minutes: 15 } } }),
    ).toEqual(expect.any(String));
    await staff.mutation("userPreferences:updateUserPreferences", { preferences: { emailNotifications: { timeOffDecisions: true } } });
    expect(await enqueue(db(), { channel: "email", to: "staff@demo.test", companyId, template: { kind: "requestDecided", data } })).toEqual(expect.any(String));
  });

  it("is for managers and up", async () => {
    expect(await failure(staff.query("emailTemplates:list", {}))).toMatch(/permission/);
    expect(await failure(staff.mutation("emailTemplates:save", { kind: "claimCode", language: "en", text: "x" }))).toMatch(/permission/);
    expect(await failure(staff.mutation("emailTemplates:sendTest", { kind: "claimCode", language: "en" }))).toMatch(/permission/);
    expect(await owner.query<KindRow[]>("emailTemplates:list", {})).toHaveLength(EMAIL_KIND_NAMES.length);
  });
});

async function rioId(): Promise<string> {
  return (await owner.query<{ _id: string }>("companies:getCurrentCompany", {}))._id;
}

async function waitForRaw(to: string, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const mail = sink.messages.find((m) => m.to.includes(to) && pattern.test(m.raw));
    if (mail) return mail.raw;
    if (Date.now() > deadline) throw new Error(`No e-mail to ${to} matching ${pattern}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
