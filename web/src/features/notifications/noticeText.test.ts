import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { NOTICE_KINDS, type NoticeKind, type NoticeParams } from "../../../../server/src/notifications/kinds.ts";
import commonEn from "../../../public/locales/en/common.json";
import commonEs from "../../../public/locales/es/common.json";
import en from "../../../public/locales/en/notifications.json";
import es from "../../../public/locales/es/notifications.json";
import { linkTarget, noticeText } from "./noticeText";

// Every kind the server writes (server/src/notifications/kinds.ts) reads as a sentence in both
// languages, its values filled in: a kind without text would show the "new notice" fallback.

const SAMPLES: { [K in NoticeKind]: NoticeParams[K] } = {
  "joinRequest.approved": { role: "MANAGER" },
  "joinRequest.denied": { reason: "Not hiring" },
  "request.decided": { requestKind: "timeOff", approved: true, reason: null },
  "cash.decided": { transactionKind: "withdrawal", approved: false, amountCents: 12_345, reason: "No receipt" },
  "shift.published": { storeName: "Rio Downtown", weekStart: "2030-01-06", changes: 2 },
  // 2030-01-07 15:00 UTC is 09:00 in Chicago.
  "shift.swapped": {
    storeName: "Rio Downtown",
    timeZone: "America/Chicago",
    startsAt: Date.UTC(2030, 0, 7, 15),
    endsAt: Date.UTC(2030, 0, 7, 23),
    fromName: "Ana",
  },
  "count.accepted": { accountName: "Safe", varianceCents: -800 },
};

async function translator(language: "en" | "es") {
  const i18n = createInstance();
  await i18n.init({
    lng: language,
    resources: { en: { notifications: en, common: commonEn }, es: { notifications: es, common: commonEs } },
    interpolation: { escapeValue: false },
  });
  return i18n.getFixedT(language, ["notifications", "common"]);
}

describe("noticeText", () => {
  it("writes every kind in English and Spanish", async () => {
    for (const language of ["en", "es"] as const) {
      const t = await translator(language);
      for (const kind of Object.keys(NOTICE_KINDS) as NoticeKind[]) {
        const { text } = noticeText({ kind, params: SAMPLES[kind] as Record<string, unknown>, companyName: "Rio Laundromat" }, t as never, language);
        expect(text, `${language} ${kind}`).not.toMatch(/\{\{|kinds\.|requestKinds\.|cashKinds\.|roles\./);
        expect(text, `${language} ${kind}`).not.toBe(t("notifications:kinds.unknown"));
      }
    }
  });

  it("fills in the values in the reader's language", async () => {
    const [tEn, tEs] = [await translator("en"), await translator("es")];
    const cash = { kind: "cash.decided", params: SAMPLES["cash.decided"], companyName: "Rio Laundromat" };
    expect(noticeText(cash, tEn as never, "en")).toEqual({ text: "Your owner draw of $123.45 was rejected.", reason: "Reason: No receipt" });
    expect(noticeText(cash, tEs as never, "es")).toEqual({ text: "Se rechazó tu pedido de retiro del dueño por $123.45.", reason: "Motivo: No receipt" });
    const joined = { kind: "joinRequest.approved", params: SAMPLES["joinRequest.approved"], companyName: "Rio Laundromat" };
    expect(noticeText(joined, tEs as never, "es").text).toBe("Ya eres parte de Rio Laundromat: se aprobó tu solicitud para unirte, con el rol Gerente.");
    const swapped = noticeText({ kind: "shift.swapped", params: SAMPLES["shift.swapped"], companyName: null }, tEn as never, "en").text;
    expect(swapped).toContain("09:00 – 17:00 · Rio Downtown");
    expect(noticeText({ kind: "someday.new", params: {}, companyName: null }, tEn as never, "en").text).toBe("You have a new notice.");
  });

  it("splits a link into its path and search", () => {
    expect(linkTarget("/laundromat/cash-dashboard?open=abc")).toEqual({ path: "/laundromat/cash-dashboard", search: { open: "abc" } });
    expect(linkTarget("/user/employment")).toEqual({ path: "/user/employment", search: {} });
  });
});
