import { useEffect, useRef, useState } from "preact/hooks";
import { extractErrorMessage } from "@tumble/domain/errorMessage";
import { browserLanguage, translate, type MessageKey } from "./messages.ts";
import { callPublic } from "./rpc.ts";
import { showToast, Toasts } from "./toast.tsx";

// /marketing-demo (spec sections 2 and 7): two buttons create the spec's demo campaigns; the new
// campaign's URL and the list of existing campaigns follow.

interface DemoItem {
  name: string;
  description: string | null;
  template: string;
  isActive: boolean;
  friendlyId: string;
}

function describeDocument(lang: string, title: string): void {
  document.documentElement.lang = lang;
  document.title = title;
}

export function DemoPage() {
  const lang = browserLanguage();
  const t = (key: MessageKey) => translate(lang, key);
  const [items, setItems] = useState<DemoItem[] | null>(null);
  const [busy, setBusy] = useState<"full" | "standard" | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  // Only the latest read is shown: the first one, slow on a busy server, must not overwrite the
  // list read after a campaign was created.
  const latestRef = useRef(0);
  const load = () => {
    const ticket = ++latestRef.current;
    return callPublic<DemoItem[]>("query", "marketing:listDemoCampaigns", {})
      .then((list) => {
        if (ticket === latestRef.current) setItems(list);
      })
      .catch(() => {
        if (ticket !== latestRef.current) return;
        setItems([]);
        showToast("error", translate(lang, "demo.loadFailed"));
      });
  };
  useEffect(() => {
    describeDocument(lang, translate(lang, "demo.title"));
    void load();
    // load reads the language it was made with; it changes with it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [lang]);

  const create = async (template: "full" | "standard") => {
    setBusy(template);
    try {
      const result = await callPublic<{ friendlyId: string; url: string }>("mutation", "marketing:createDemoCampaign", { template });
      setCreated(result.url);
      showToast("success", t("demo.created"));
      await load();
    } catch (error) {
      showToast("error", extractErrorMessage(error, t("demo.createFailed")));
    } finally {
      setBusy(null);
    }
  };

  const absolute = created ? `${window.location.origin}${created}` : null;
  return (
    <main class="demo">
      <header>
        <h1>{t("demo.title")}</h1>
        <p>{t("demo.subtitle")}</p>
      </header>
      <div class="demo-actions">
        <button type="button" class="claim-button" disabled={busy !== null} onClick={() => void create("full")}>
          {busy === "full" ? t("demo.creating") : t("demo.createFull")}
        </button>
        <button type="button" class="claim-button secondary" disabled={busy !== null} onClick={() => void create("standard")}>
          {busy === "standard" ? t("demo.creating") : t("demo.createStandard")}
        </button>
      </div>
      {absolute ? (
        <p class="demo-url" data-testid="demo-url">
          <span>{t("demo.campaignUrl")}: </span>
          <a href={created!}>{absolute}</a>
        </p>
      ) : null}
      <section aria-labelledby="existing-title">
        <h2 id="existing-title">{t("demo.existing")}</h2>
        {items === null ? (
          <p role="status">…</p>
        ) : items.length === 0 ? (
          <p>{t("demo.none")}</p>
        ) : (
          <ul class="demo-list">
            {items.map((item) => (
              <li key={item.friendlyId} class="demo-item">
                <div>
                  <strong>{item.name}</strong>
                  {item.description ? <p>{item.description}</p> : null}
                  <span class="meta">
                    {t("demo.template")}: {item.template}
                  </span>
                </div>
                <span class={item.isActive ? "badge active" : "badge inactive"}>{item.isActive ? t("demo.active") : t("demo.inactive")}</span>
                <a href={`/marketing/${encodeURIComponent(item.friendlyId)}`}>{t("demo.view")}</a>
              </li>
            ))}
          </ul>
        )}
      </section>
      <Toasts dismissLabel={translate(lang, "landing.dismiss")} />
    </main>
  );
}
