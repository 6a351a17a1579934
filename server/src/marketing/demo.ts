import { todayIn } from "@tumble/domain/businessDate";
import { addDays } from "@tumble/domain/datePresets";
import { DEMO_COMPANY } from "./demoCompany.ts";
import type { TemplateConfig } from "./templateConfig.ts";

// Spec section 7 "Demo campaigns": a full-template campaign (SEASONAL, 30 days, offer $15) and a
// standard one (ACQUISITION, 7 days, offer $5), named with a timestamp. Their pictures are small
// drawings shipped with the landing bundle, so the demo works without the internet.

const ASSETS = "/landing/demo";

export interface DemoCampaign {
  name: string;
  displayName: string;
  description: string;
  campaignType: string;
  /** Business dates in the demo company's zone. */
  startDate: string;
  endDate: string;
  offerAmountCents: number;
  offerType: string;
  offerDescription: string;
  deliveryMethod: "email" | "sms" | "both";
  budgetCents: number | null;
  maxParticipants: number | null;
  templateConfig: TemplateConfig;
}

/** "2026-01-21 14:03:22" (UTC), the timestamp in a demo campaign's name. */
export function demoTimestamp(now: number): string {
  return new Date(now).toISOString().slice(0, 19).replace("T", " ");
}

export function demoCampaign(
  template: "full" | "standard",
  now: number,
  timeZone: string,
  place: { address: string; phone: string | null; hours: string | null },
): DemoCampaign {
  const today = todayIn(timeZone, now);
  if (template === "standard") {
    return {
      name: `Standard Demo Campaign ${demoTimestamp(now)}`,
      displayName: "$5 Off Your Next Wash",
      description: "A standard-template demo: only the claim card.",
      campaignType: "ACQUISITION",
      startDate: today,
      endDate: addDays(today, 7),
      offerAmountCents: 500,
      offerType: "discount_fixed",
      offerDescription: "{offerAmount} off your next wash",
      deliveryMethod: "email",
      budgetCents: 50_000,
      maxParticipants: 100,
      templateConfig: {
        template: "standard",
        defaultLanguage: "en",
        ctaCard: {
          offerText: "Get {offerAmount} off your next wash",
          offerTextEs: "Obtenga {offerAmount} de descuento en su próximo lavado",
          subText: "Offer ends {endDate}",
          subTextEs: "La oferta termina el {endDate}",
          buttonText: "Claim My Discount",
          buttonTextEs: "Solicitar mi descuento",
        },
      },
    };
  }
  const hours = place.hours ?? "Open daily 6 AM – 10 PM";
  return {
    name: `Full Template Demo Campaign ${demoTimestamp(now)}`,
    displayName: `${DEMO_COMPANY.name} $15 Credit Promotion`,
    description: "A full-template demo with every landing section.",
    campaignType: "SEASONAL",
    startDate: today,
    endDate: addDays(today, 30),
    offerAmountCents: 1500,
    offerType: "credit",
    offerDescription: "{offerAmount} laundry credit for new customers",
    deliveryMethod: "email",
    budgetCents: 150_000,
    maxParticipants: 100,
    templateConfig: {
      template: "full",
      defaultLanguage: "en",
      enableLanguageToggle: true,
      repeatCTA: true,
      hero: {
        showLogo: true,
        logoUrl: `${ASSETS}/logo.svg`,
        title: "Get ${offerAmount} in Free Laundry Credit",
        titleEs: "Obtenga ${offerAmount} en crédito de lavandería gratis",
        subtitle: "Clean clothes, friendly faces. Claim your {{offerType}} before {{endDate}}.",
        subtitleEs: "Ropa limpia, caras amables. Solicite su crédito antes del {{endDate}}.",
        imageUrl: `${ASSETS}/hero.svg`,
        topBanner: { text: "New customer special", textEs: "Especial para clientes nuevos", bgColor: "#DC2626", textColor: "#FFFFFF" },
      },
      ctaCard: {
        gradientFrom: "#F97316",
        gradientTo: "#DC2626",
        buttonColor: "#1D4ED8",
        buttonText: "Claim My {offerAmount} Credit",
        buttonTextEs: "Solicitar mi crédito de {offerAmount}",
        offerText: "{offerAmount} Laundry Credit",
        offerTextEs: "{offerAmount} de crédito de lavandería",
        subText: "Limited to the first {maxParticipants} customers. Ends {endDate}.",
        subTextEs: "Limitado a los primeros {maxParticipants} clientes. Termina el {endDate}.",
      },
      satisfactionBanner: {
        text: "100% satisfaction guaranteed — or your next wash is on us",
        textEs: "Satisfacción 100% garantizada, o su próximo lavado corre por nuestra cuenta",
        bgColor: "#FB923C",
        textColor: "#FFFFFF",
      },
      aboutUs: {
        title: "About Us",
        titleEs: "Sobre nosotros",
        description: "A family-run laundromat with modern machines, free Wi-Fi and an attendant on duty every day.",
        descriptionEs: "Una lavandería familiar con máquinas modernas, Wi-Fi gratis y un encargado todos los días.",
        imageUrl: `${ASSETS}/about.svg`,
        highlights: ["Large-capacity washers", "Card and coin payment", "Clean, bright and safe", "Free parking"],
        highlightsEs: ["Lavadoras de gran capacidad", "Pago con tarjeta y monedas", "Limpio, luminoso y seguro", "Estacionamiento gratis"],
      },
      gallery: { images: [`${ASSETS}/gallery-1.svg`, `${ASSETS}/gallery-2.svg`, `${ASSETS}/gallery-3.svg`], bgColor: "#FB923C" },
      testimonials: {
        enabled: true,
        title: "What Our Customers Say",
        titleEs: "Lo que dicen nuestros clientes",
        items: [
          {
            text: "Always clean and the machines work. My go-to laundromat.",
            textEs: "Siempre limpio y las máquinas funcionan. Mi lavandería favorita.",
            author: "Maria G.",
            rating: 5,
          },
          { text: "Friendly staff and fast dryers.", textEs: "Personal amable y secadoras rápidas.", author: "James T.", rating: 4.5 },
          { text: "Great prices, easy parking.", textEs: "Buenos precios, fácil estacionamiento.", author: "Ana R.", rating: 4 },
        ],
      },
      location: {
        address: place.address,
        phone: place.phone ?? "",
        hours,
        hoursEs: "Abierto todos los días de 6 AM a 10 PM",
        mapUrl: `${ASSETS}/map.svg`,
        additionalInfo: "Free parking behind the building.",
        additionalInfoEs: "Estacionamiento gratis detrás del edificio.",
      },
    },
  };
}
