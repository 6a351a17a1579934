import { describe, expect, it } from "vitest";
import {
  ANNOUNCEMENT_MESSAGES,
  announcementFormSchema,
  compareAnnouncements,
  isCurrent,
  localizeAnnouncementMessage,
  renderMarkdown,
  textFor,
} from "./announcements.ts";

const base = { title: "Holiday hours", body: "We close at **6 pm** on the 24th.", audience: "company" as const };

describe("announcement form", () => {
  it("trims, keeps only the audience's own list, and treats an empty Spanish version as none", () => {
    const parsed = announcementFormSchema.parse({ ...base, title: "  Holiday hours ", titleEs: " ", bodyEs: "", storeIds: ["s1"], roles: ["STAFF"] });
    expect(parsed).toMatchObject({ title: "Holiday hours", titleEs: null, bodyEs: null, storeIds: [], roles: [], pinned: false, expiresAt: null });
    const stores = announcementFormSchema.parse({ ...base, audience: "stores", storeIds: ["s1", "s1", "s2"], roles: ["STAFF"] });
    expect(stores).toMatchObject({ storeIds: ["s1", "s2"], roles: [] });
  });

  it.each([
    [{ title: " " }, "title", ANNOUNCEMENT_MESSAGES.titleRequired.en],
    [{ body: "" }, "body", ANNOUNCEMENT_MESSAGES.bodyRequired.en],
    [{ title: "x".repeat(151) }, "title", ANNOUNCEMENT_MESSAGES.titleTooLong.en],
    [{ titleEs: "Horario" }, "bodyEs", ANNOUNCEMENT_MESSAGES.spanishIncomplete.en],
    [{ bodyEs: "Texto" }, "titleEs", ANNOUNCEMENT_MESSAGES.spanishIncomplete.en],
    [{ audience: "stores" }, "storeIds", ANNOUNCEMENT_MESSAGES.storesRequired.en],
    [{ audience: "roles", roles: [] }, "roles", ANNOUNCEMENT_MESSAGES.rolesRequired.en],
  ])("refuses %j on %s", (change, path, message) => {
    const result = announcementFormSchema.safeParse({ ...base, ...change });
    expect(result.success).toBe(false);
    expect(result.error!.issues).toContainEqual(expect.objectContaining({ path: [path], message }));
  });

  it("refuses a role that is not a company role", () => {
    expect(announcementFormSchema.safeParse({ ...base, audience: "roles", roles: ["SUPER_ADMIN"] }).success).toBe(false);
  });

  it("localizes its messages", () => {
    expect(localizeAnnouncementMessage(ANNOUNCEMENT_MESSAGES.rolesRequired.en, "es")).toBe("Elige al menos un rol");
    expect(localizeAnnouncementMessage("something else", "es")).toBeNull();
  });
});

describe("reading", () => {
  const a = { title: "Hours", body: "Open", titleEs: "Horario", bodyEs: "Abierto" };
  it("gives a Spanish reader the Spanish version when there is one", () => {
    expect(textFor(a, "es")).toEqual({ title: "Horario", body: "Abierto", language: "es" });
    expect(textFor(a, "en")).toEqual({ title: "Hours", body: "Open", language: "en" });
    expect(textFor({ ...a, titleEs: null, bodyEs: null }, "es")).toEqual({ title: "Hours", body: "Open", language: "en" });
  });

  it("shows what is neither archived nor past its end", () => {
    expect(isCurrent({ archivedAt: null, expiresAt: null }, 1000)).toBe(true);
    expect(isCurrent({ archivedAt: null, expiresAt: 1001 }, 1000)).toBe(true);
    expect(isCurrent({ archivedAt: null, expiresAt: 1000 }, 1000)).toBe(false);
    expect(isCurrent({ archivedAt: 5, expiresAt: null }, 1000)).toBe(false);
  });

  it("orders pinned first, then newest", () => {
    const rows = [
      { _id: "a", pinned: false, createdAt: 3 },
      { _id: "b", pinned: true, createdAt: 1 },
      { _id: "c", pinned: false, createdAt: 5 },
      { _id: "d", pinned: true, createdAt: 2 },
    ];
    expect(rows.sort(compareAnnouncements).map((r) => r._id)).toEqual(["d", "b", "c", "a"]);
  });
});

describe("Markdown", () => {
  it("renders the usual formatting", () => {
    expect(renderMarkdown("**Bold** and _it_\n\n- one\n- two")).toBe("<p><strong>Bold</strong> and <em>it</em></p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n");
  });

  it("shows written HTML as text", () => {
    const html = renderMarkdown('<script>alert("x")</script> <img src=x onerror=alert(1)> <b>hi</b>');
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
  });

  it("keeps only http, https and mailto links, opening them apart", () => {
    expect(renderMarkdown("[site](https://example.com/a?b=1)")).toBe(
      '<p><a href="https://example.com/a?b=1" rel="noopener noreferrer nofollow" target="_blank">site</a></p>\n',
    );
    expect(renderMarkdown("[mail](mailto:ops@example.com)")).toContain('href="mailto:ops@example.com"');
    for (const bad of ["javascript:alert(1)", "JaVaScRiPt:alert(1)", "data:text/html;base64,PHNjcmlwdD4=", "vbscript:x", "/relative", "ftp://x"]) {
      const html = renderMarkdown(`[click](${bad}) <${bad}>`);
      expect(html, bad).not.toContain("<a ");
    }
    expect(renderMarkdown("see https://example.com")).toContain('<a href="https://example.com"');
  });

  it("drops images", () => {
    expect(renderMarkdown("![pixel](https://tracker.example.com/p.gif)")).not.toContain("<img");
  });
});
