import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startOfBusinessDay, todayIn } from "@tumble/domain/businessDate";
import { fillPlaceholders, placeholderCampaignOf } from "@tumble/domain/campaignPlaceholders";
import { addDays } from "@tumble/domain/datePresets";
import { refusalText } from "@tumble/domain/refusals";
import { SmtpSink } from "../../test-support/smtpSink.ts";
import { claimRateKey, CLAIM_RATE_LIMIT } from "../src/marketing/claims.ts";
import { CallError, Client, startTestServer, type TestServer } from "./support/testServer.ts";

// Campaigns, the public landing functions, claims with their codes (real SMTP sink, a local
// Twilio-compatible SMS endpoint) and staff verification, all through the HTTP transport.

/** The demo company's stores are in Chicago, so its campaigns keep Chicago dates. */
const ZONE = "America/Chicago";
const today = () => todayIn(ZONE);
const CODE = /: (\d{6})\b/;

let server: TestServer;
let sink: SmtpSink;
let smsServer: http.Server;
const texts: { to: string; body: string }[] = [];
let manager: Client;
let sudsOwner: Client;
let member: Client;
const anon = () => new Client(server.url);

type Created = { campaignId: string; friendlyId: string };
type PublicCampaign = Record<string, unknown> & {
  _id: string;
  companyId: string;
  friendlyId: string;
  offerAmountCents: number;
  templateConfig: Record<string, unknown>;
};
type StaffClaim = { claimId: string; status: string; attemptsLeft: number; locked: boolean };

beforeAll(async () => {
  sink = await SmtpSink.start();
  smsServer = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      const form = new URLSearchParams(body);
      texts.push({ to: form.get("To") ?? "", body: form.get("Body") ?? "" });
      res.writeHead(201, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((r) => smsServer.listen(0, "127.0.0.1", () => r()));
  const smsPort = (smsServer.address() as AddressInfo).port;
  server = await startTestServer({ SMTP_URL: sink.url, SMS_URL: `http://acct:token@127.0.0.1:${smsPort}/sms?from=%2B15550100` });
  manager = await new Client(server.url).signIn("manager@demo.test");
  sudsOwner = await new Client(server.url).signIn("owner@suds.test");
  member = await new Client(server.url).signIn("member@demo.test");
});
afterAll(async () => {
  await server?.stop();
  await sink?.close();
  await new Promise((r) => smsServer?.close(r));
});
beforeEach(async () => {
  await server.services.rateLimiter.reset(claimRateKey("127.0.0.1"));
  await server.services.rateLimiter.reset(claimRateKey("::1"));
  await server.services.rateLimiter.reset(claimRateKey("::ffff:127.0.0.1"));
});

async function expectError(promise: Promise<unknown>, text: string | RegExp): Promise<CallError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CallError);
  expect((error as CallError).message).toMatch(text);
  return error as CallError;
}

function campaignArgs(overrides: Record<string, unknown> = {}) {
  return {
    name: `Spring Special ${Math.random().toString(36).slice(2, 7)}`,
    displayName: "Spring $10 Credit",
    description: "Ten dollars for new customers",
    campaignType: "SEASONAL",
    startDate: addDays(today(), -1),
    endDate: addDays(today(), 10),
    isActive: true,
    offerAmount: 10,
    ...overrides,
  };
}

async function newCampaign(overrides: Record<string, unknown> = {}): Promise<PublicCampaign> {
  const created = await manager.mutation<Created>("marketing:createCampaign", campaignArgs(overrides));
  return (await anon().query<PublicCampaign>("marketing:getCampaignByFriendlyIdPublic", { friendlyId: created.friendlyId }))!;
}

/** The outbox delivers after the claim commits: wait for the text like a customer would. */
async function textTo(to: string, timeoutMs = 5_000): Promise<{ to: string; body: string }> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const text = texts.find((t) => t.to === to);
    if (text) return text;
    if (Date.now() > deadline) throw new Error(`No text to ${to}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

let phoneCounter = 5550001000;
const nextPhone = () => String(phoneCounter++);

function claim(campaign: PublicCampaign, fields: { customerName?: string; email?: string; phone?: string; language?: "en" | "es" }, client: Client = anon()) {
  return client.mutation<{ claimId: string; delivery: { channel: string; status: string; error: string | null }[] }>("marketing:submitClaim", {
    customerName: "Pat Customer",
    campaignId: campaign._id,
    companyId: campaign.companyId,
    ...fields,
  });
}

describe("campaigns", () => {
  it("creates a campaign with every field, storing dollars as cents, with a friendly id that has a hyphen", async () => {
    const templateConfig = {
      template: "full",
      defaultLanguage: "es",
      enableLanguageToggle: true,
      repeatCTA: true,
      hero: {
        title: "Get ${offerAmount}",
        titleEs: "Obtenga ${offerAmount}",
        showLogo: true,
        logoUrl: "https://example.com/logo.png",
        topBanner: { text: "Hi", textEs: "Hola", bgColor: "#DC2626", textColor: "white" },
      },
      ctaCard: {
        gradientFrom: "#F97316",
        gradientTo: "#DC2626",
        buttonColor: "rgb(29, 78, 216)",
        buttonText: "Claim",
        buttonTextEs: "Reclamar",
        offerText: "{{offerAmount}}",
        offerTextEs: "{{offerAmount}}",
        subText: "Ends {endDate}",
        subTextEs: "Termina {endDate}",
      },
      satisfactionBanner: { text: "Guaranteed", textEs: "Garantizado", bgColor: "#FB923C", textColor: "#fff" },
      aboutUs: {
        title: "About",
        titleEs: "Sobre",
        description: "d",
        descriptionEs: "d",
        imageUrl: "/landing/demo/about.svg",
        highlights: ["a"],
        highlightsEs: ["b"],
      },
      gallery: { images: ["https://example.com/1.jpg"], bgColor: "#FB923C" },
      testimonials: { enabled: true, title: "T", titleEs: "T", items: [{ text: "Great", author: "Ann", rating: 4.5 }] },
      location: {
        address: "1 Main St",
        phone: "555",
        hours: "9-5",
        hoursEs: "9-5",
        mapUrl: "https://maps.example.com/embed",
        additionalInfo: "x",
        additionalInfoEs: "y",
      },
    };
    const created = await manager.mutation<Created>(
      "marketing:createCampaign",
      campaignArgs({
        name: "Summer Splash!",
        offerAmount: 12.5,
        budget: 1500,
        maxParticipants: 40,
        offerType: "credit",
        deliveryMethod: "both",
        templateConfig,
      }),
    );
    expect(created.friendlyId).toMatch(/^summer-splash-[a-z2-7]{6}$/);
    expect(created.campaignId).toMatch(/^[a-z2-7]{32}$/);
    const row = await server.database.db.selectFrom("campaigns").selectAll().where("id", "=", created.campaignId).executeTakeFirstOrThrow();
    expect(Number(row.offerAmountCents)).toBe(1250);
    expect(Number(row.budgetCents)).toBe(150_000);

    const list = await manager.query<Array<Record<string, unknown>>>("marketing:getCampaigns");
    const mine = list.find((c) => c._id === created.campaignId)!;
    expect(mine).toMatchObject({
      offerAmount: 12.5,
      offerAmountCents: 1250,
      budget: 1500,
      budgetCents: 150_000,
      maxParticipants: 40,
      deliveryMethod: "both",
      templateConfig,
      stats: { claims: 0, verifications: 0, redemptions: 0 },
    });
    // Both look-ups of the landing page give the same public record.
    const byFriendly = await anon().query<PublicCampaign>("marketing:getCampaignByFriendlyIdPublic", { friendlyId: created.friendlyId });
    const byId = await anon().query<PublicCampaign>("marketing:getCampaignById", { campaignId: created.campaignId });
    expect(byId).toEqual(byFriendly);
    expect(byFriendly.templateConfig).toEqual(templateConfig);
  });

  it("refuses unsafe URLs, bad colours, bad ratings and reversed dates", async () => {
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ templateConfig: { hero: { imageUrl: "javascript:alert(1)" } } })), /http/);
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ templateConfig: { location: { mapUrl: "//evil.example.com/x" } } })), /http/);
    await expectError(
      manager.mutation("marketing:createCampaign", campaignArgs({ templateConfig: { gallery: { images: ["data:text/html,<b>x</b>"] } } })),
      /http/,
    );
    await expectError(
      manager.mutation("marketing:createCampaign", campaignArgs({ templateConfig: { ctaCard: { buttonColor: "red; background:url(x)" } } })),
      /colour/,
    );
    await expectError(
      manager.mutation("marketing:createCampaign", campaignArgs({ templateConfig: { testimonials: { items: [{ text: "x", author: "y", rating: 4.3 }] } } })),
      /rating/,
    );
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ templateConfig: { hero: { script: "<script>" } } })), /Invalid argument/);
    await expectError(
      manager.mutation("marketing:createCampaign", campaignArgs({ endDate: addDays(today(), -2) })),
      "The end date cannot be before the start date",
    );
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ startDate: 1.5 })), /Invalid argument "startDate"/);
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ endDate: "2026-02-30" })), "Not a real calendar date");
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ timeZone: "Mars/Olympus" })), "Unknown time zone");
    await expectError(manager.mutation("marketing:createCampaign", campaignArgs({ offerAmount: 1.234 })), /2 decimal/);
  });

  it("updates, deactivates and reactivates; an inactive campaign is not available to the public", async () => {
    const campaign = await newCampaign();
    await manager.mutation("marketing:updateCampaign", {
      campaignId: campaign._id,
      displayName: "Bigger offer",
      offerAmount: 20,
      budget: null,
      templateConfig: { template: "hero" },
    });
    const updated = await anon().query<PublicCampaign>("marketing:getCampaignById", { campaignId: campaign._id });
    expect(updated).toMatchObject({
      displayName: "Bigger offer",
      offerAmount: 20,
      offerAmountCents: 2000,
      templateConfig: { template: "hero" },
      friendlyId: campaign.friendlyId,
    });
    await manager.mutation("marketing:setCampaignActive", { campaignId: campaign._id, isActive: false });
    expect(await anon().query("marketing:getCampaignById", { campaignId: campaign._id })).toBeNull();
    expect(await anon().query("marketing:getCampaignByFriendlyIdPublic", { friendlyId: campaign.friendlyId })).toBeNull();
    await expectError(claim(campaign, { email: "late@example.com" }), "This promotion is not available");
    await manager.mutation("marketing:setCampaignActive", { campaignId: campaign._id, isActive: true });
    expect(await anon().query("marketing:getCampaignById", { campaignId: campaign._id })).not.toBeNull();
  });

  it("keeps campaigns to their company and their managers", async () => {
    const campaign = await newCampaign();
    const hijack = await expectError(sudsOwner.mutation("marketing:updateCampaign", { campaignId: campaign._id, name: "Hijacked" }), "Campaign not found");
    expect(hijack.data).toEqual({ code: "marketing.campaignNotFound", params: {} });
    await expectError(sudsOwner.mutation("marketing:setCampaignActive", { campaignId: campaign._id, isActive: false }), "Campaign not found");
    expect((await sudsOwner.query<unknown[]>("marketing:getCampaigns")).length).toBe(0);
    await expectError(member.query("marketing:getCampaigns"), /permission/);
    await expectError(anon().mutation("marketing:createCampaign", campaignArgs()), /Not signed in/);
    // Members see the campaigns open today, for walk-in claims.
    const open = await member.query<Array<{ _id: string }>>("marketing:getActiveCampaigns");
    expect(open.some((c) => c._id === campaign._id)).toBe(true);
  });

  it("creates the spec's demo campaigns for any visitor and lists only their public face", async () => {
    const full = await anon().mutation<{ friendlyId: string; url: string }>("marketing:createDemoCampaign", { template: "full" });
    expect(full.url).toBe(`/marketing/${full.friendlyId}`);
    expect(full.friendlyId).toContain("-");
    const page = await anon().query<PublicCampaign>("marketing:getCampaignByFriendlyIdPublic", { friendlyId: full.friendlyId });
    expect(page).toMatchObject({ displayName: "Demo Laundromat $15 Credit Promotion", campaignType: "SEASONAL", offerAmount: 15, offerAmountCents: 1500 });
    expect(page.endsOn).toBe(addDays(String(page.startsOn), 30));
    // The demo company has no stores: its campaigns keep the stores' default zone.
    expect(page).toMatchObject({ timeZone: "America/New_York", startsOn: todayIn("America/New_York") });
    expect(page.name).toMatch(/^Full Template Demo Campaign \d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    const standard = await anon().mutation<{ friendlyId: string }>("marketing:createDemoCampaign", { template: "standard" });
    const standardPage = await anon().query<PublicCampaign>("marketing:getCampaignByFriendlyIdPublic", { friendlyId: standard.friendlyId });
    expect(standardPage).toMatchObject({ campaignType: "ACQUISITION", offerAmountCents: 500, templateConfig: { template: "standard" } });
    expect(standardPage.endsOn).toBe(addDays(String(standardPage.startsOn), 7));

    const list = await anon().query<Array<Record<string, unknown>>>("marketing:listDemoCampaigns");
    expect(list[0]).toEqual({
      name: standardPage.name,
      description: standardPage.description,
      template: "standard",
      isActive: true,
      friendlyId: standard.friendlyId,
    });
    expect(list[1]).toMatchObject({ template: "full", friendlyId: full.friendlyId });
    for (const item of list) expect(Object.keys(item).sort()).toEqual(["description", "friendlyId", "isActive", "name", "template"]);
  });
});

describe("public landing functions leak nothing else", () => {
  it("gives the budget only to a campaign whose public texts print it", async () => {
    const printed = await newCampaign({ budget: 2500, templateConfig: { template: "standard", ctaCard: { subText: "Only {{budget}} to give away" } } });
    expect(printed).toMatchObject({ budget: 2500, budgetCents: 250_000 });
    const { text } = fillPlaceholders("Only {{budget}} to give away", placeholderCampaignOf(printed));
    expect(text).toBe("Only $2,500.00 to give away");
  });

  it("returns exactly the landing page's fields: no budget, no author, no claims", async () => {
    const campaign = await newCampaign({ budget: 999, maxParticipants: 10 });
    expect(Object.keys(campaign).sort()).toEqual(
      [
        "_id",
        "campaignId",
        "campaignType",
        "companyId",
        "deliveryMethod",
        "description",
        "displayName",
        "endDate",
        "endsOn",
        "friendlyId",
        "isActive",
        "maxParticipants",
        "name",
        "offerAmount",
        "offerAmountCents",
        "offerDescription",
        "offerType",
        "startDate",
        "startsOn",
        "templateConfig",
        "timeZone",
      ].sort(),
    );
    const text = JSON.stringify(campaign);
    expect(text).not.toMatch(/budget|createdBy|99900/);
    const managerId = (await server.database.db.selectFrom("users").select("id").where("email", "=", "manager@demo.test").executeTakeFirstOrThrow()).id;
    expect(text).not.toContain(managerId);

    const phone = nextPhone();
    const { claimId } = await claim(campaign, { email: "leak@example.com", phone });
    expect(await anon().query("marketing:getClaimByPhone", { phone, campaignId: campaign._id })).toEqual({ status: "pending" });
    expect(
      await anon().query("marketing:getClaimByPhone", { phone: `(${phone.slice(0, 3)})${phone.slice(3, 6)}-${phone.slice(6)}`, campaignId: campaign._id }),
    ).toEqual({ status: "pending" });
    expect(await anon().query("marketing:getClaimByPhone", { phone: "", campaignId: campaign._id })).toBeNull();
    expect(await anon().query("marketing:getClaimByPhone", { phone: "5559999999", campaignId: campaign._id })).toBeNull();
    // The look-up is scoped to the campaign the page shows: the same number on another campaign,
    // another company's campaign or an unknown campaign reveals nothing.
    const other = await newCampaign();
    const sudsCampaign = await sudsOwner.mutation<Created>("marketing:createCampaign", campaignArgs());
    expect(await anon().query("marketing:getClaimByPhone", { phone, campaignId: other._id })).toBeNull();
    expect(await anon().query("marketing:getClaimByPhone", { phone, campaignId: sudsCampaign.campaignId })).toBeNull();
    expect(await anon().query("marketing:getClaimByPhone", { phone, campaignId: "no-such-campaign" })).toBeNull();
    // The staff look-ups are not public.
    await expectError(anon().query("marketing:findClaims", { claimId }), /Not signed in/);
    await expectError(anon().action("marketing:verifyClaim", { claimId, code: "123456" }), /Not signed in/);
    await expectError(member.action("marketing:verifyClaim", { claimId, code: "123456" }), /permission/);
  });
});

describe("claims", () => {
  it("sends the 6-digit code by e-mail, stores it hashed, and staff verify it and mark it used", async () => {
    const campaign = await newCampaign();
    const result = await claim(campaign, { customerName: "  Lucia Perez ", email: " Lucia@Example.com ", language: "es" });
    expect(result.claimId).toMatch(/^CLM-[A-Z2-9]{4}-[A-Z2-9]{4}$/);
    expect(result.delivery).toEqual([{ channel: "email", status: "pending", error: null }]);
    const code = await sink.waitForMatch("lucia@example.com", CODE);
    expect(code).toMatch(/^\d{6}$/);
    const mail = sink.messages.find((m) => m.to.includes("lucia@example.com"))!;
    expect(mail.raw).toContain(result.claimId);
    const row = await server.database.db.selectFrom("campaignClaims").selectAll().where("claimCode", "=", result.claimId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ customerName: "Lucia Perez", email: "lucia@example.com", status: "pending", attempts: 0, source: "public" });
    expect(row.codeHash).toMatch(/^\$argon2id\$/);
    expect(row.codeHash).not.toContain(code);
    const ttl = new Date(row.codeExpiresAt).getTime() - new Date(row.createdAt).getTime();
    expect(ttl).toBeGreaterThan(14.9 * 60_000);
    expect(ttl).toBeLessThanOrEqual(15 * 60_000 + 1000);

    const found = await manager.query<StaffClaim[]>("marketing:findClaims", { claimId: result.claimId.toLowerCase() });
    expect(found).toHaveLength(1);
    const unverified = await expectError(manager.mutation("marketing:markClaimUsed", { claimId: result.claimId }), "This claim has not been verified yet");
    expect(unverified.data).toEqual({ code: "marketing.notVerified", params: {} });
    expect(await manager.action("marketing:verifyClaim", { claimId: result.claimId, code })).toEqual({ claimId: result.claimId, status: "verified" });
    await expectError(manager.action("marketing:verifyClaim", { claimId: result.claimId, code }), "This claim has already been verified");
    expect(await anon().query("marketing:getClaimByPhone", { phone: "5550000000", campaignId: campaign._id })).toBeNull();
    expect(await manager.mutation("marketing:markClaimUsed", { claimId: result.claimId })).toEqual({ claimId: result.claimId, status: "used" });
    await expectError(manager.mutation("marketing:markClaimUsed", { claimId: result.claimId }), "This claim has already been used");
    const stats = (await manager.query<Array<{ _id: string; stats: unknown }>>("marketing:getCampaigns")).find((c) => c._id === campaign._id)!.stats;
    expect(stats).toEqual({ claims: 1, verifications: 1, redemptions: 1 });
    // Another company's staff cannot see or verify it.
    expect(await sudsOwner.query("marketing:findClaims", { claimId: result.claimId })).toEqual([]);
    await expectError(sudsOwner.action("marketing:verifyClaim", { claimId: result.claimId, code }), "Claim not found");
  });

  it("texts the code for sms campaigns and does both for both", async () => {
    const sms = await newCampaign({ deliveryMethod: "sms" });
    const phone = nextPhone();
    await expectError(claim(sms, { email: "x@example.com" }), "Please enter your phone number");
    const partPhone = await expectError(claim(sms, { phone: "555123" }), "Please enter your phone number");
    expect(partPhone.data).toEqual({ code: "marketing.phoneRequired", params: {} });
    const result = await claim(sms, { phone: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}` });
    expect(result.delivery).toEqual([{ channel: "sms", status: "pending", error: null }]);
    const text = await textTo(`+1${phone}`);
    expect(text.body).toMatch(/verification code is \d{6}/);
    expect(text.body).toContain(result.claimId);

    const both = await newCampaign({ deliveryMethod: "both" });
    await expectError(claim(both, { phone: nextPhone() }), "Please enter your email");
    await expectError(claim(both, { email: "both@example.com" }), "Please enter your phone number");
    const phone2 = nextPhone();
    const twice = await claim(both, { email: "both@example.com", phone: phone2 });
    expect(twice.delivery.map((d) => d.channel)).toEqual(["email", "sms"]);
    const mailed = await sink.waitForMatch("both@example.com", CODE);
    expect((await textTo(`+1${phone2}`)).body).toContain(mailed);
  });

  it("validates like the form: name first, then e-mail for e-mail campaigns, and a real address", async () => {
    const campaign = await newCampaign();
    await expectError(claim(campaign, { customerName: "   ", email: "a@example.com" }), "Please enter your name");
    await expectError(claim(campaign, {}), "Please enter your email");
    await expectError(claim(campaign, { email: "not-an-address" }), "Please enter a valid email address");
  });

  it("allows one claim per phone and one per e-mail per campaign ('already exists')", async () => {
    const campaign = await newCampaign();
    const phone = nextPhone();
    await claim(campaign, { email: "dupe@example.com", phone });
    const byEmail = await expectError(claim(campaign, { email: "DUPE@example.com" }), /already exists/);
    expect(byEmail.data).toEqual({ code: "marketing.duplicateEmail", params: {} });
    const byPhone = await expectError(claim(campaign, { email: "other@example.com", phone }), /already exists/);
    expect(byPhone.data).toEqual({ code: "marketing.duplicatePhone", params: {} });
    // Another campaign takes the same customer.
    const other = await newCampaign();
    await claim(other, { email: "dupe@example.com", phone });
  });

  it("enforces maxParticipants", async () => {
    const campaign = await newCampaign({ maxParticipants: 2 });
    await claim(campaign, { email: "one@example.com" });
    await claim(campaign, { email: "two@example.com" });
    const full = await expectError(claim(campaign, { email: "three@example.com" }), "This promotion has reached its maximum number of participants");
    expect(full.data).toEqual({ code: "marketing.full", params: {} });
  });

  it("enforces the campaign dates: expired, not started, and open on its first and last day", async () => {
    const expired = await newCampaign({ startDate: addDays(today(), -10), endDate: addDays(today(), -1) });
    const late = await expectError(claim(expired, { email: "late@example.com" }), "This promotion has expired");
    // The claim form says it in the visitor's language by this code (decision 0067).
    expect(late.data).toEqual({ code: "marketing.expired", params: {} });
    expect(refusalText(late.data, "es")).toBe("Esta promoción ha vencido");
    const future = await newCampaign({ startDate: addDays(today(), 3), endDate: addDays(today(), 10) });
    const early = await expectError(claim(future, { email: "early@example.com" }), "This promotion has not started yet");
    expect(early.data).toEqual({ code: "marketing.notStarted", params: {} });
    const oneDay = await newCampaign({ startDate: today(), endDate: today() });
    expect(oneDay).toMatchObject({ startsOn: today(), endsOn: today(), timeZone: ZONE });
    await claim(oneDay, { email: "today@example.com" });
  });

  it("keeps a campaign open through 11 pm of its end date and opens it at midnight of its start date, in its zone", async () => {
    const campaign = await newCampaign({ startDate: "2030-06-01", endDate: "2030-06-10" });
    const midnight = startOfBusinessDay("2030-06-01", ZONE);
    expect(midnight).toBe(Date.UTC(2030, 5, 1, 5)); // CDT, UTC−5
    const elevenPmLastDay = Date.UTC(2030, 5, 11, 4); // 11 pm in Chicago on June 10, already June 11 in UTC
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(midnight - 1);
      await expectError(claim(campaign, { email: "eve@example.com" }), "This promotion has not started yet");
      vi.setSystemTime(midnight);
      await claim(campaign, { email: "first@example.com" });
      vi.setSystemTime(elevenPmLastDay);
      await claim(campaign, { email: "last@example.com" });
      vi.setSystemTime(startOfBusinessDay("2030-06-11", ZONE));
      await expectError(claim(campaign, { email: "after@example.com" }), "This promotion has expired");
    } finally {
      vi.useRealTimers();
    }
  });

  it("counts wrong codes, locks the claim after 5, and a new code starts again", async () => {
    const campaign = await newCampaign();
    const { claimId } = await claim(campaign, { email: "tries@example.com" });
    const code = await sink.waitForMatch("tries@example.com", CODE);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let left = 4; left >= 1; left--) {
      const error = await expectError(
        manager.action("marketing:verifyClaim", { claimId, code: wrong }),
        `Incorrect verification code. ${left} ${left === 1 ? "attempt" : "attempts"} left.`,
      );
      // The attempts left stay beside the code.
      expect(error.data).toEqual({ code: "marketing.wrongCode", params: { left }, attemptsLeft: left });
    }
    const locked = await expectError(manager.action("marketing:verifyClaim", { claimId, code: wrong }), "Too many incorrect codes: this claim is locked");
    expect(locked.data).toEqual({ code: "marketing.locked", params: {}, attemptsLeft: 0 });
    // Even the right code is refused now.
    await expectError(manager.action("marketing:verifyClaim", { claimId, code }), "Too many incorrect codes: this claim is locked");
    expect((await manager.query<StaffClaim[]>("marketing:findClaims", { claimId }))[0]).toMatchObject({ locked: true, attemptsLeft: 0, status: "pending" });

    sink.messages.length = 0;
    await manager.mutation("marketing:resendClaimCode", { claimId });
    const fresh = await sink.waitForMatch("tries@example.com", CODE);
    expect(await manager.action("marketing:verifyClaim", { claimId, code: fresh })).toMatchObject({ status: "verified" });
  });

  it("refuses an expired code with a clear error", async () => {
    const campaign = await newCampaign();
    const { claimId } = await claim(campaign, { email: "expired@example.com" });
    const code = await sink.waitForMatch("expired@example.com", CODE);
    await server.database.db
      .updateTable("campaignClaims")
      .set({ codeExpiresAt: new Date(Date.now() - 1000) })
      .where("claimCode", "=", claimId)
      .execute();
    await expectError(manager.action("marketing:verifyClaim", { claimId, code }), "The verification code has expired. Send a new code to the customer.");
  });

  it("finds claims by phone for staff, and records walk-in claims made by members as staff claims", async () => {
    const campaign = await newCampaign({ deliveryMethod: "sms" });
    const phone = nextPhone();
    const { claimId } = await claim(campaign, { customerName: "Walk In", phone }, member);
    const found = await manager.query<Array<StaffClaim & { phone: string; customerName: string }>>("marketing:findClaims", {
      phone: `(${phone.slice(0, 3)})${phone.slice(3, 6)}-${phone.slice(6)}`,
    });
    expect(found.map((c) => c.claimId)).toEqual([claimId]);
    const row = await server.database.db
      .selectFrom("campaignClaims")
      .select(["source", "recordedBy"])
      .where("claimCode", "=", claimId)
      .executeTakeFirstOrThrow();
    expect(row.source).toBe("staff");
    expect(row.recordedBy).not.toBeNull();
  });

  it("rate-limits submissions per client address", async () => {
    const campaign = await newCampaign();
    let refused: CallError | null = null;
    for (let i = 0; i <= CLAIM_RATE_LIMIT && !refused; i++) {
      await claim(campaign, { customerName: "", email: `rl${i}@example.com` }).catch((e: CallError) => {
        if (/Too many/.test(e.message)) refused = e;
      });
    }
    expect(refused).not.toBeNull();
  });
});

describe("placeholders in stored campaign text", () => {
  it("fills the three bracket styles from the public campaign, in USD and US long dates", async () => {
    const campaign = await newCampaign({
      offerAmount: 15,
      offerType: "credit",
      deliveryMethod: "both",
      startDate: "2030-01-05",
      endDate: "2030-02-04",
      templateConfig: { hero: { title: "Get ${offerAmount} {{offerType}} by {deliveryMethod} until {endDate} {unknown}{maxParticipants}" } },
    });
    const title = (campaign.templateConfig.hero as { title: string }).title;
    const filled = fillPlaceholders(title, placeholderCampaignOf(campaign as never));
    expect(filled.text).toBe("Get $15.00 Account Credit by Email and SMS until February 4, 2030 ");
    expect(filled.missing).toEqual(["unknown"]);
    expect(fillPlaceholders("{offerType} hasta el {endDate}", placeholderCampaignOf(campaign as never), "es").text).toBe(
      "Crédito en Cuenta hasta el 4 de febrero de 2030",
    );
  });
});

// Last in the file: it runs a second server for seconds while the shared one sits idle, and a
// kept-alive connection reused right as the shared server times it out fails with ECONNRESET.
describe("a transport that is down", () => {
  it("keeps the claim when its e-mail cannot be sent, recording the sanitised failure for a retry", async () => {
    const broken = await startTestServer({ SMTP_URL: "smtp://127.0.0.1:1" });
    try {
      const mgr = await new Client(broken.url).signIn("manager@demo.test");
      const created = await mgr.mutation<Created>("marketing:createCampaign", campaignArgs());
      const campaign = (await new Client(broken.url).query<PublicCampaign>("marketing:getCampaignById", { campaignId: created.campaignId }))!;
      const result = await claim(campaign, { email: "nobody@example.com" }, new Client(broken.url));
      expect(result.delivery).toEqual([{ channel: "email", status: "pending", error: null }]);
      const db = broken.database.db;
      expect(await db.selectFrom("campaignClaims").select("status").where("claimCode", "=", result.claimId).executeTakeFirst()).toEqual({ status: "pending" });
      const deadline = Date.now() + 5_000;
      let attempt;
      while (
        !(attempt = await db
          .selectFrom("outboxAttempts as a")
          .innerJoin("outbox as o", "o.id", "a.outboxId")
          .select(["a.outcome", "a.error", "o.status"])
          .where("o.recipient", "=", "nobody@example.com")
          .executeTakeFirst()) &&
        Date.now() < deadline
      ) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(attempt).toEqual({ outcome: "failed", error: "Network error. Please check your connection and try again.", status: "pending" });
    } finally {
      await broken.stop();
    }
  });
});
