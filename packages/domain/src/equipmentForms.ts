import { z } from "zod";
import { EQUIPMENT_CATEGORIES, ICON_TYPES, isHexColor } from "./equipment.ts";
import { ruleMessage } from "./validationMessages.ts";
import { centsSchema, requiredText } from "./zodSchemas.ts";

// Equipment types and machines (spec section 3), checked the same way by the equipment functions
// and their forms.

/** No coin box holds more than $100,000. */
export const MAX_CAPACITY_CENTS = 10_000_000;

export const equipmentTypeFieldSchemas = {
  name: requiredText(ruleMessage("equipmentTypeNameRequired"), 100),
  category: z.enum(EQUIPMENT_CATEGORIES),
  acceptsCoins: z.boolean().optional(),
  acceptsBills: z.boolean().optional(),
  specialCase: z.string().trim().max(50).nullable().optional(),
  colorHex: z.string().refine(isHexColor, ruleMessage("colorFormat")).nullable().optional(),
  iconType: z.enum(ICON_TYPES).nullable().optional(),
};
export const equipmentTypeFormSchema = z.object(equipmentTypeFieldSchemas);

export const machineFieldSchemas = {
  sectionId: z.string(ruleMessage("sectionRequired")).min(1, ruleMessage("sectionRequired")).max(64),
  equipmentTypeId: z.string(ruleMessage("equipmentTypeRequired")).min(1, ruleMessage("equipmentTypeRequired")).max(64),
  label: requiredText(ruleMessage("machineLabelRequired"), 20),
  coinBoxCapacityCents: centsSchema(MAX_CAPACITY_CENTS).nullable().optional(),
  isActive: z.boolean().optional(),
};
export const machineFormSchema = z.object(machineFieldSchemas);
