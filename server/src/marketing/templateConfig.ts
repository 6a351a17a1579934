import { z } from "zod";

// Spec section 3 "templateConfig": every setting of the landing templates, each text with its
// Spanish variant. Every URL is checked here, on the server: absolute http(s) URLs, or a path on
// this site ("/landing/demo/map.svg"); anything else (javascript:, data:, protocol-relative) is
// refused. Colours are plain CSS colour values, never free text.

const MAX_TEXT = 2_000;

/** http(s) URL or a path on this site; "" means not set. */
export function isSafeUrl(value: string): boolean {
  if (value === "") return true;
  if (value.startsWith("/")) return !value.startsWith("//") && !value.startsWith("/\\") && !/[\s<>"']/.test(value);
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

export const URL_MESSAGE = "URLs must start with http:// or https://";
const url = z.string().trim().max(MAX_TEXT).refine(isSafeUrl, URL_MESSAGE);
const text = z.string().max(MAX_TEXT);
const color = z
  .string()
  .trim()
  .max(40)
  .regex(
    /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|rgba?\(\s*[\d.]+%?\s*,\s*[\d.]+%?\s*,\s*[\d.]+%?\s*(,\s*[\d.]+%?\s*)?\))$/,
    "Colours must be a hex, named or rgb() colour",
  )
  .or(z.literal(""));
const list = (item: z.ZodType) => z.array(item).max(24);

export const templateConfigSchema = z
  .object({
    template: z.string().trim().max(40).optional(),
    defaultLanguage: z.enum(["en", "es"]).optional(),
    enableLanguageToggle: z.boolean().optional(),
    repeatCTA: z.boolean().optional(),
    hero: z
      .object({
        logoUrl: url.optional(),
        showLogo: z.boolean().optional(),
        title: text.optional(),
        titleEs: text.optional(),
        subtitle: text.optional(),
        subtitleEs: text.optional(),
        imageUrl: url.optional(),
        topBanner: z.object({ text: text.optional(), textEs: text.optional(), bgColor: color.optional(), textColor: color.optional() }).strict().optional(),
      })
      .strict()
      .optional(),
    ctaCard: z
      .object({
        gradientFrom: color.optional(),
        gradientTo: color.optional(),
        buttonColor: color.optional(),
        buttonText: text.optional(),
        buttonTextEs: text.optional(),
        offerText: text.optional(),
        offerTextEs: text.optional(),
        subText: text.optional(),
        subTextEs: text.optional(),
      })
      .strict()
      .optional(),
    satisfactionBanner: z
      .object({ text: text.optional(), textEs: text.optional(), bgColor: color.optional(), textColor: color.optional() })
      .strict()
      .optional(),
    aboutUs: z
      .object({
        title: text.optional(),
        titleEs: text.optional(),
        description: text.optional(),
        descriptionEs: text.optional(),
        imageUrl: url.optional(),
        highlights: list(text).optional(),
        highlightsEs: list(text).optional(),
      })
      .strict()
      .optional(),
    gallery: z
      .object({ images: list(url).optional(), bgColor: color.optional() })
      .strict()
      .optional(),
    testimonials: z
      .object({
        enabled: z.boolean().optional(),
        title: text.optional(),
        titleEs: text.optional(),
        items: list(
          z
            .object({
              text: text,
              textEs: text.optional(),
              author: z.string().max(200),
              rating: z.number().min(0).max(5).multipleOf(0.5),
            })
            .strict(),
        ).optional(),
      })
      .strict()
      .optional(),
    location: z
      .object({
        address: text.optional(),
        phone: z.string().max(50).optional(),
        hours: text.optional(),
        hoursEs: text.optional(),
        mapUrl: url.optional(),
        additionalInfo: text.optional(),
        additionalInfoEs: text.optional(),
      })
      .strict()
      .optional(),
  })
  .strict();

export type TemplateConfig = z.infer<typeof templateConfigSchema>;

/**
 * A stored configuration made safe to hand out: parsed again, and dropped to {} if it no longer
 * passes (a row written before a rule existed never reaches a page).
 */
export function publicTemplateConfig(stored: unknown): TemplateConfig {
  const parsed = templateConfigSchema.safeParse(stored ?? {});
  return parsed.success ? parsed.data : {};
}
