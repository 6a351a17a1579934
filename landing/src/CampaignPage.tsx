import { useEffect, useMemo, useState } from "preact/hooks";
import { campaignPhase, todayIn } from "@tumble/domain/businessDate";
import { fillPlaceholders, placeholderCampaignOf } from "@tumble/domain/campaignPlaceholders";
import { formatLongDate } from "@tumble/domain/dateFormat";
import { claimMessage } from "@tumble/domain/claimForm";
import { isDatabaseId } from "./campaignId.ts";
import { ClaimForm } from "./ClaimForm.tsx";
import { browserLanguage, translate, type Lang, type MessageKey } from "./messages.ts";
import { callPublic } from "./rpc.ts";
import { clearToasts, Toasts } from "./toast.tsx";
import type { PublicCampaign, TemplateConfig } from "./types.ts";

// /marketing/{campaignId} (spec sections 2 and 4): the checks in order, then the full template or
// the claim card alone. Campaign text is only ever rendered as text, never as HTML.

type State = { kind: "invalid" } | { kind: "loading" } | { kind: "unavailable" } | { kind: "ready"; campaign: PublicCampaign; now: number };

/** The spec's default colour of the map and gallery areas. */
const DEFAULT_GALLERY_BG = "#FB923C";
const DEFAULT_BANNER_BG = "#DC2626";

export function CampaignPage({ campaignId }: { campaignId: string }) {
  const [state, setState] = useState<State>(campaignId ? { kind: "loading" } : { kind: "invalid" });
  const [lang, setLang] = useState<Lang | null>(null);

  useEffect(() => {
    if (!campaignId) return;
    const byId = isDatabaseId(campaignId);
    callPublic<PublicCampaign | null>(
      "query",
      byId ? "marketing:getCampaignById" : "marketing:getCampaignByFriendlyIdPublic",
      byId ? { campaignId } : { friendlyId: campaignId },
    )
      .then((campaign) => setState(campaign ? { kind: "ready", campaign, now: Date.now() } : { kind: "unavailable" }))
      .catch(() => setState({ kind: "unavailable" }));
  }, [campaignId]);

  const campaign = state.kind === "ready" ? state.campaign : null;
  const language: Lang = lang ?? campaign?.templateConfig.defaultLanguage ?? browserLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    if (campaign) document.title = campaign.displayName || campaign.name;
  }, [campaign]);
  const t = (key: MessageKey, vars?: Record<string, string>) => translate(language, key, vars);

  let body;
  if (state.kind === "invalid") body = <Notice title={t("landing.errors.invalidTitle")} text={t("landing.errors.invalid")} tone="error" />;
  else if (state.kind === "loading")
    body = (
      <p class="status" role="status" aria-live="polite">
        {t("landing.loading")}
      </p>
    );
  else if (state.kind === "unavailable") body = <Notice title={t("landing.errors.notAvailableTitle")} text={t("landing.errors.notAvailable")} tone="error" />;
  else {
    const c = state.campaign;
    // The campaign's dates are calendar days in its own zone, not the visitor's.
    const phase = campaignPhase({ startDate: c.startsOn, endDate: c.endsOn }, todayIn(c.timeZone, state.now));
    if (phase === "expired")
      body = <Notice title={t("landing.errors.expiredTitle")} text={t("landing.errors.expired", { date: formatLongDate(c.endsOn, language) })} tone="error" />;
    else if (phase === "comingSoon")
      body = (
        <Notice title={t("landing.errors.comingSoonTitle")} text={t("landing.errors.comingSoon", { date: formatLongDate(c.startsOn, language) })} tone="info" />
      );
    else if ((c.templateConfig.template ?? "standard") === "full")
      body = <FullTemplate campaign={c} lang={language} setLang={(l) => (clearToasts(), setLang(l))} />;
    else body = <ClaimOnly campaign={c} lang={language} />;
  }
  return (
    <>
      {body}
      <Toasts dismissLabel={t("landing.dismiss")} />
    </>
  );
}

function Notice({ title, text, tone }: { title: string; text: string; tone: "error" | "info" }) {
  return (
    <main class="page-center">
      <section class={`notice notice-${tone}`} role={tone === "error" ? "alert" : "status"}>
        <h1>{title}</h1>
        <p>{text}</p>
      </section>
    </main>
  );
}

/** Campaign text in the page's language with its placeholders filled; missing ones warn once. */
function useText(campaign: PublicCampaign, lang: Lang) {
  return useMemo(() => {
    const input = placeholderCampaignOf(campaign);
    const warned = new Set<string>();
    return (en: string | undefined, es: string | undefined): string => {
      const template = (lang === "es" && es ? es : en) ?? "";
      if (!template) return "";
      const { text, missing } = fillPlaceholders(template, input, lang);
      const fresh = missing.filter((m) => !warned.has(m));
      if (fresh.length) {
        fresh.forEach((m) => warned.add(m));
        console.warn(`Campaign ${campaign.friendlyId}: missing template variables: ${fresh.join(", ")}`);
      }
      return text;
    };
  }, [campaign, lang]);
}

function ClaimCard({ campaign, lang, id }: { campaign: PublicCampaign; lang: Lang; id: string }) {
  const fill = useText(campaign, lang);
  const cta = campaign.templateConfig.ctaCard ?? {};
  const offer = fill(cta.offerText, cta.offerTextEs) || campaign.displayName || campaign.name;
  const sub = fill(cta.subText, cta.subTextEs) || fill(campaign.offerDescription ?? "", undefined);
  const button = fill(cta.buttonText, cta.buttonTextEs) || translate(lang, "landing.form.submit");
  const gradient = `linear-gradient(135deg, ${cta.gradientFrom || "#F97316"}, ${cta.gradientTo || "#DC2626"})`;
  return (
    <section class="claim-card" id={id} aria-labelledby={`${id}-title`} data-testid="claim-card">
      <div class="claim-head" style={{ background: gradient }}>
        <h2 id={`${id}-title`}>{offer}</h2>
        {sub ? <p>{sub}</p> : null}
      </div>
      <div class="claim-body">
        <ClaimForm campaign={campaign} lang={lang} buttonText={button} buttonColor={cta.buttonColor || undefined} />
        <p class="terms">{claimMessage("terms", lang)}</p>
      </div>
    </section>
  );
}

function ClaimOnly({ campaign, lang }: { campaign: PublicCampaign; lang: Lang }) {
  return (
    <main class="page-center claim-only">
      <ClaimCard campaign={campaign} lang={lang} id="claim" />
    </main>
  );
}

function pick(lang: Lang, en: string | undefined, es: string | undefined): string {
  return (lang === "es" && es ? es : en) ?? "";
}

function Stars({ rating, label }: { rating: number; label: string }) {
  const r = Math.max(0, Math.min(5, Math.round(rating * 2) / 2));
  return (
    <span class="stars" role="img" aria-label={label}>
      {[0, 1, 2, 3, 4].map((i) => (
        <span key={i} aria-hidden="true" class={r >= i + 1 ? "star full" : r >= i + 0.5 ? "star half" : "star empty"}>
          ★
        </span>
      ))}
    </span>
  );
}

function FullTemplate({ campaign, lang, setLang }: { campaign: PublicCampaign; lang: Lang; setLang: (lang: Lang) => void }) {
  const config: TemplateConfig = campaign.templateConfig;
  const fill = useText(campaign, lang);
  const t = (key: MessageKey, vars?: Record<string, string>) => translate(lang, key, vars);
  const hero = config.hero ?? {};
  const banner = hero.topBanner ?? {};
  const location = config.location ?? {};
  const about = config.aboutUs ?? {};
  const satisfaction = config.satisfactionBanner ?? {};
  const gallery = config.gallery ?? {};
  const testimonials = config.testimonials ?? {};
  const hours = pick(lang, location.hours, location.hoursEs);
  const highlights = lang === "es" && about.highlightsEs?.length ? about.highlightsEs : (about.highlights ?? []);
  const mapUrl = location.mapUrl ?? "";
  const title = fill(hero.title, hero.titleEs) || campaign.displayName || campaign.name;

  return (
    <div class="full">
      {config.enableLanguageToggle !== false ? (
        <nav class="lang-toggle" aria-label={t("landing.language")}>
          <button type="button" aria-pressed={lang === "en"} onClick={() => setLang("en")}>
            {t("landing.english")}
          </button>
          <button type="button" aria-pressed={lang === "es"} onClick={() => setLang("es")} lang="es">
            {t("landing.spanish")}
          </button>
        </nav>
      ) : null}

      <div class="top-banner" style={{ background: banner.bgColor || DEFAULT_BANNER_BG, color: banner.textColor || "#fff" }} data-testid="top-banner">
        {fill(banner.text, banner.textEs) ? <strong>{fill(banner.text, banner.textEs)}</strong> : null}
        {location.address ? <span>{location.address}</span> : null}
        {hours ? <span>{hours}</span> : null}
      </div>

      <header class="hero">
        <div class="hero-text">
          {hero.showLogo && hero.logoUrl ? <img class="logo" src={hero.logoUrl} alt="" width={72} height={72} /> : null}
          <h1>{title}</h1>
          {fill(hero.subtitle, hero.subtitleEs) ? <p class="subtitle">{fill(hero.subtitle, hero.subtitleEs)}</p> : null}
        </div>
        {hero.imageUrl ? <img class="hero-image" src={hero.imageUrl} alt="" /> : null}
      </header>

      <main>
        <ClaimCard campaign={campaign} lang={lang} id="claim" />

        {fill(satisfaction.text, satisfaction.textEs) ? (
          <section class="satisfaction" style={{ background: satisfaction.bgColor || DEFAULT_GALLERY_BG, color: satisfaction.textColor || "#fff" }}>
            <p>{fill(satisfaction.text, satisfaction.textEs)}</p>
          </section>
        ) : null}

        <section class="about" aria-labelledby="about-title">
          <div>
            <h2 id="about-title">{fill(about.title, about.titleEs) || t("landing.about")}</h2>
            {fill(about.description, about.descriptionEs) ? <p>{fill(about.description, about.descriptionEs)}</p> : null}
            {highlights.length ? (
              <ul class="highlights">
                {highlights.map((h, i) => (
                  <li key={i}>{fill(h, undefined)}</li>
                ))}
              </ul>
            ) : null}
          </div>
          {about.imageUrl ? <img src={about.imageUrl} alt="" loading="lazy" /> : null}
        </section>

        {gallery.images?.length ? (
          <section class="gallery" style={{ background: gallery.bgColor || DEFAULT_GALLERY_BG }} aria-label={t("landing.gallery")}>
            {gallery.images.map((src, i) => (
              <img key={i} src={src} alt="" loading="lazy" />
            ))}
          </section>
        ) : null}

        {testimonials.enabled !== false && testimonials.items?.length ? (
          <section class="testimonials" aria-labelledby="testimonials-title">
            <h2 id="testimonials-title">{fill(testimonials.title, testimonials.titleEs) || t("landing.testimonials")}</h2>
            <div class="testimonial-list">
              {testimonials.items.map((item, i) => (
                <figure key={i} class="testimonial">
                  <Stars rating={item.rating} label={t("landing.rating", { rating: String(item.rating) })} />
                  <blockquote>{fill(item.text, item.textEs)}</blockquote>
                  <figcaption>— {item.author}</figcaption>
                </figure>
              ))}
            </div>
          </section>
        ) : null}

        {config.repeatCTA ? (
          <div class="repeat-cta" data-testid="repeat-cta">
            <ClaimCard campaign={campaign} lang={lang} id="claim-again" />
          </div>
        ) : null}

        <section class="location" aria-labelledby="location-title">
          <h2 id="location-title">{t("landing.location")}</h2>
          <div class="location-grid">
            <dl>
              {location.address ? (
                <>
                  <dt>{t("landing.address")}</dt>
                  <dd>{location.address}</dd>
                </>
              ) : null}
              {location.phone ? (
                <>
                  <dt>{t("landing.phone")}</dt>
                  <dd>
                    <a href={`tel:${location.phone.replace(/[^\d+]/g, "")}`}>{location.phone}</a>
                  </dd>
                </>
              ) : null}
              {hours ? (
                <>
                  <dt>{t("landing.hours")}</dt>
                  <dd>{hours}</dd>
                </>
              ) : null}
              {pick(lang, location.additionalInfo, location.additionalInfoEs) ? (
                <dd class="extra">{pick(lang, location.additionalInfo, location.additionalInfoEs)}</dd>
              ) : null}
            </dl>
            <div class="map" style={{ background: DEFAULT_GALLERY_BG }} data-testid="map-area">
              {mapUrl.startsWith("http") ? (
                <iframe
                  src={mapUrl}
                  title={t("landing.map")}
                  loading="lazy"
                  referrerpolicy="no-referrer"
                  sandbox="allow-scripts allow-same-origin allow-popups"
                />
              ) : mapUrl ? (
                <img src={mapUrl} alt={t("landing.map")} />
              ) : (
                <p class="no-map">{t("landing.mapNotAvailable")}</p>
              )}
            </div>
          </div>
        </section>
      </main>

      <footer class="footer">{t("landing.footer")}</footer>
    </div>
  );
}
