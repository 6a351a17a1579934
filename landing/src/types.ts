// The public campaign as marketing:getCampaignByFriendlyIdPublic returns it.

export interface TemplateConfig {
  template?: string;
  defaultLanguage?: "en" | "es";
  enableLanguageToggle?: boolean;
  repeatCTA?: boolean;
  hero?: {
    logoUrl?: string;
    showLogo?: boolean;
    title?: string;
    titleEs?: string;
    subtitle?: string;
    subtitleEs?: string;
    imageUrl?: string;
    topBanner?: { text?: string; textEs?: string; bgColor?: string; textColor?: string };
  };
  ctaCard?: {
    gradientFrom?: string;
    gradientTo?: string;
    buttonColor?: string;
    buttonText?: string;
    buttonTextEs?: string;
    offerText?: string;
    offerTextEs?: string;
    subText?: string;
    subTextEs?: string;
  };
  satisfactionBanner?: { text?: string; textEs?: string; bgColor?: string; textColor?: string };
  aboutUs?: {
    title?: string;
    titleEs?: string;
    description?: string;
    descriptionEs?: string;
    imageUrl?: string;
    highlights?: string[];
    highlightsEs?: string[];
  };
  gallery?: { images?: string[]; bgColor?: string };
  testimonials?: { enabled?: boolean; title?: string; titleEs?: string; items?: { text: string; textEs?: string; author: string; rating: number }[] };
  location?: { address?: string; phone?: string; hours?: string; hoursEs?: string; mapUrl?: string; additionalInfo?: string; additionalInfoEs?: string };
}

export interface PublicCampaign {
  _id: string;
  friendlyId: string;
  companyId: string;
  name: string;
  displayName: string | null;
  description: string | null;
  campaignType: string;
  /** Business dates (yyyy-MM-dd) in timeZone, both inclusive. */
  startsOn: string;
  endsOn: string;
  /** The same days as epoch ms (spec section 3): the first day's first and the last day's last moment. */
  startDate: number;
  endDate: number;
  timeZone: string;
  isActive: boolean;
  offerAmount: number;
  offerAmountCents: number;
  /** Present only when the campaign's texts print {budget}. */
  budgetCents?: number;
  offerType: string;
  offerDescription: string | null;
  deliveryMethod: "email" | "sms" | "both";
  maxParticipants: number | null;
  templateConfig: TemplateConfig;
}
