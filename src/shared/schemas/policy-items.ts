import { z } from "zod";
import { AttachmentSchema } from "./attachment.ts";
import type { Feature } from "./content.ts";
import { isoDateTime, isoDay } from "./ids.ts";
import { optionalText } from "./text.ts";

/**
 * The kinds of covered things in a home, each a stable key (stored on a policy item
 * items and on tickets, and counted by the staff reports) with the plan feature that covers
 * it. A plan covers a kind when it lists that feature as included; plan features carry no
 * key of their own, so they are matched by name here (a test checks every seeded B2C plan
 * still matches).
 */
export const COVERED_ITEMS = [
  {
    key: "hinges",
    label: "Hinges, drawer channels and soft-close fittings",
    feature: "Hinges, drawer channels and soft-close fittings",
  },
  {
    key: "wardrobe",
    label: "Wardrobe shutters and sliding tracks",
    feature: "Wardrobe shutters, sliding tracks and alignment",
  },
  { key: "laminate", label: "Laminate and edge banding", feature: "Laminate and edge-band delamination" },
  {
    key: "modular_kitchen",
    label: "Modular kitchen (carcass, shutters, baskets)",
    feature: "Modular kitchen carcass, shutters and baskets",
  },
  {
    key: "storage_units",
    label: "Loft, TV unit, crockery or study unit",
    feature: "Lofts, TV units, crockery and study units",
  },
] as const;

export type CoveredItemKey = (typeof COVERED_ITEMS)[number]["key"];
export const COVERED_ITEM_KEYS = COVERED_ITEMS.map((c) => c.key) as [CoveredItemKey, ...CoveredItemKey[]];

/** a claim's answer when the customer cannot name the item */
export const OTHER_ITEM = "other";
export const OTHER_ITEM_LABEL = "Other / not sure";

/** "hinges" → its label; an unknown key (or "other") reads as itself */
export function coveredItemLabel(key: string): string {
  if (key === OTHER_ITEM) return OTHER_ITEM_LABEL;
  return COVERED_ITEMS.find((c) => c.key === key)?.label ?? key;
}

/**
 * Whether a plan's features include this kind of item. Both sides use it: the browser to warn
 * before a claim is sent, the server to decide what is stored (it never takes the browser's word).
 */
export function planCovers(features: Pick<Feature, "name" | "included">[], key: string): boolean {
  const item = COVERED_ITEMS.find((c) => c.key === key);
  if (!item) return false;
  return features.some((f) => f.included && f.name === item.feature);
}

/** a home has tens of recorded items at most; past this a mistake or a script is more likely */
export const POLICY_ITEMS_MAX = 100;
/** handover photos per item */
export const POLICY_ITEM_PHOTOS_MAX = 10;

/** What a holder or staff member records about one item. An empty brand or date is "not known". */
export const PolicyItemInputSchema = z.object({
  room: z
    .string("Please enter the room")
    .trim()
    .min(2, "Please enter the room, such as Kitchen or Master bedroom")
    .max(80, "Room must be at most 80 characters"),
  itemType: z.enum(COVERED_ITEM_KEYS, "Please choose what the item is"),
  brand: optionalText(80, null, "Brand must be at most 80 characters"),
  installedOn: z
    .union([z.literal(""), isoDay], "Please enter a valid date")
    .optional()
    .transform((v) => (v ? v : null))
    .refine((v) => v === null || (v >= "1990-01-01" && v <= "2099-12-31"), "Please enter a valid date"),
});
export type PolicyItemInput = z.infer<typeof PolicyItemInputSchema>;
export type PolicyItemForm = z.input<typeof PolicyItemInputSchema>;

/**
 * A handover photo: stored and shown as a ticket's attachment is, but it belongs to an item,
 * not to a message. The URLs answer only to the holder and staff.
 */
export const PolicyItemPhotoSchema = AttachmentSchema.omit({ messageId: true });
export type PolicyItemPhoto = z.infer<typeof PolicyItemPhotoSchema>;

export const PolicyItemSchema = z.object({
  id: z.number().int(),
  purchaseId: z.number().int(),
  room: z.string(),
  itemType: z.string(),
  brand: z.string().nullable(),
  installedOn: isoDay.nullable(),
  /** whether the policy's plan covers this kind of item */
  coveredByPlan: z.boolean(),
  photos: z.array(PolicyItemPhotoSchema),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type PolicyItem = z.infer<typeof PolicyItemSchema>;

/** The item a ticket names, as the ticket's pages show it (no photos) */
export const TicketPolicyItemSchema = PolicyItemSchema.pick({
  id: true,
  room: true,
  itemType: true,
  brand: true,
  installedOn: true,
});
export type TicketPolicyItem = z.infer<typeof TicketPolicyItemSchema>;
