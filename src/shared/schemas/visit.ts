import { z } from "zod";
import { INDIA_TIME_ZONE, indiaInstant } from "../dates.ts";
import { OPENING_HOURS } from "../opening-hours.ts";
import { PublicUserSchema, RegisterSchema, STAFF_PASSWORD_MIN } from "./auth.ts";
import { isoDateTime } from "./ids.ts";

/**
 * A technician's visit to a customer's home for a ticket. Staff propose a slot; the customer
 * confirms it or asks for another (staff then propose again on the same visit, so calendars
 * update the one event); after the visit, staff or the technician record its outcome.
 */
export const VISIT_STATUSES = ["proposed", "confirmed", "change_requested", "completed"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

export const VISIT_OUTCOMES = ["fixed", "part_ordered", "not_covered", "revisit"] as const;
export type VisitOutcome = (typeof VISIT_OUTCOMES)[number];

/** What a ticket's timeline shows for a visit, one row per step */
export const VISIT_EVENT_KINDS = ["proposed", "confirmed", "change_requested", "outcome"] as const;
export const VISIT_OUTCOME_LABELS: Record<VisitOutcome, string> = {
  fixed: "Fixed",
  part_ordered: "Part ordered",
  not_covered: "Not covered",
  revisit: "Revisit needed",
};

/** A visit's status as its customer reads it */
export const VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  proposed: "Awaiting your confirmation",
  confirmed: "Confirmed",
  change_requested: "Another time requested",
  completed: "Visit done",
};

/** The same, as staff and technicians read it: the confirmation awaited is the customer's, not theirs */
export const STAFF_VISIT_STATUS_LABELS: Record<VisitStatus, string> = {
  ...VISIT_STATUS_LABELS,
  proposed: "Awaiting customer",
};

/** Visiting hours: the office's, as minutes of the India day; never on Sunday. */
const VISIT_HOURS = OPENING_HOURS.map((hours) => (hours ? [hours[0] * 60, hours[1] * 60] : null));

/** The visiting hours of an India day (YYYY-MM-DD) as [from, to) minutes of the day, or null on a Sunday */
export function visitHoursOn(date: string): readonly [number, number] | null {
  const day = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return null;
  const hours = VISIT_HOURS[day.getUTCDay()];
  return hours ? [hours[0], hours[1]] : null;
}

/** "HH:MM" for minutes of the day */
export const hhmmOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

export const VISIT_HOURS_MESSAGE =
  "Visits are between 9:00 and 18:00 Monday to Friday and between 9:00 and 16:00 on Saturday (India time)";
export const VISIT_SUNDAY_MESSAGE = "We do not visit on Sundays. Please choose Monday to Saturday";
/** why a day of the service calendar's holidays has no visits */
export const visitHolidayMessage = (holiday: string) =>
  `${holiday} is a holiday: we do not visit on holidays. Please choose another day`;

const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/** The slot's start and end as instants: the day and times are India's */
export function visitSlotInstants(slot: { date: string; start: string; end: string }) {
  return {
    startsAt: indiaInstant(slot.date, slot.start),
    endsAt: indiaInstant(slot.date, slot.end),
  };
}

/**
 * The first thing wrong with a slot, as `[field, message]`, or null when it is one we can
 * keep: inside visiting hours on a working day, ending after it starts, and not yet begun.
 */
function visitSlotProblem(
  slot: { date: string; start: string; end: string },
  now: Date = new Date(),
): [field: "date" | "start" | "end", message: string] | null {
  if (Number.isNaN(new Date(`${slot.date}T00:00:00Z`).getTime())) return ["date", "Please choose a date"];
  const hours = visitHoursOn(slot.date);
  if (!hours) return ["date", VISIT_SUNDAY_MESSAGE];
  const start = minutesOf(slot.start);
  const end = minutesOf(slot.end);
  if (end <= start) return ["end", "The visit must end after it starts"];
  if (start < hours[0] || start >= hours[1]) return ["start", VISIT_HOURS_MESSAGE];
  if (end > hours[1]) return ["end", VISIT_HOURS_MESSAGE];
  if (visitSlotInstants(slot).startsAt.getTime() <= now.getTime())
    return ["date", "Please choose a time that has not passed yet"];
  return null;
}

const hhmm = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^([01][0-9]|2[0-3]):[0-5][0-9]$/, `Please enter the ${label} time as HH:MM`);

/** A proposed slot as staff type it: an India date and a start and end time that day */
export const VisitSlotSchema = z
  .object({
    date: z.iso.date("Please choose a date"),
    start: hhmm("start"),
    end: hhmm("end"),
  })
  .superRefine((slot, ctx) => {
    const problem = visitSlotProblem(slot);
    if (problem) ctx.addIssue({ code: "custom", path: [problem[0]], message: problem[1] });
  });
export type VisitSlot = z.infer<typeof VisitSlotSchema>;

/** How long a visit may be booked for, in minutes: the choices the schedule form offers */
export const VISIT_LENGTHS = [60, 120, 180, 240] as const;
/** the most days one free-slot question may cover */
const FREE_SLOT_MAX_DAYS = 14;

/**
 * A technician's free slots: from one India day to another (the same day when `to` is left
 * out), each slot `minutes` long and starting on the hour. `visitId` leaves that visit's own
 * time out of their busy times, for moving it.
 */
export const FreeSlotQuerySchema = z
  .object({
    from: z.iso.date("Please choose a date"),
    to: z.iso.date("Please choose a date").optional(),
    minutes: z.coerce
      .number()
      .int()
      .refine((m) => (VISIT_LENGTHS as readonly number[]).includes(m), "Please choose 1, 2, 3 or 4 hours")
      .default(120),
    visitId: z.coerce.number().int().positive().optional(),
  })
  .superRefine((q, ctx) => {
    const days = (Date.parse(q.to ?? q.from) - Date.parse(q.from)) / 86_400_000;
    if (days < 0)
      ctx.addIssue({ code: "custom", path: ["to"], message: "The last day must not be before the first" });
    else if (days >= FREE_SLOT_MAX_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["to"],
        message: `Please ask for at most ${FREE_SLOT_MAX_DAYS} days at a time`,
      });
  });
export type FreeSlotQuery = z.infer<typeof FreeSlotQuerySchema>;

/** One India day of a technician's calendar: why it is closed, or the slots still free */
export const FreeSlotDaySchema = z.object({
  date: z.iso.date(),
  /** "Sunday", or the holiday's name; null on a working day */
  closed: z.string().nullable(),
  slots: z.array(z.object({ start: z.string(), end: z.string() })),
});
export type FreeSlotDay = z.infer<typeof FreeSlotDaySchema>;

/** The customer asks for another time, saying what suits them */
export const VisitChangeRequestSchema = z.object({
  note: z
    .string()
    .trim()
    .min(3, "Please tell us which days or times suit you")
    .max(1000, "Must be at most 1000 characters"),
});

export const VisitOutcomeSchema = z.object({
  outcome: z.enum(VISIT_OUTCOMES, "Please choose what came of the visit"),
  notes: z
    .string()
    .trim()
    .min(3, "Please describe what was done")
    .max(5000, "Must be at most 5000 characters"),
});
export type VisitOutcomeInput = z.infer<typeof VisitOutcomeSchema>;

const VisitEventSchema = z.object({
  id: z.number().int(),
  kind: z.enum(VISIT_EVENT_KINDS),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  note: z.string().nullable(),
  /** who took the step: staff name, technician name or the customer's */
  actorName: z.string().nullable(),
  createdAt: isoDateTime,
});
export type VisitEvent = z.infer<typeof VisitEventSchema>;

export const VisitSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  status: z.enum(VISIT_STATUSES),
  sequence: z.number().int(),
  outcome: z.enum(VISIT_OUTCOMES).nullable(),
  /** the reply carrying the outcome's notes; its photos are the ticket's attachments on it */
  outcomeMessageId: z.number().int().nullable(),
  /** every step, oldest first */
  events: z.array(VisitEventSchema),
});
export type Visit = z.infer<typeof VisitSchema>;

/** What a signed e-mail link shows before the customer presses a button */
export const VisitLinkSchema = z.object({
  ticketId: z.number().int(),
  subject: z.string(),
  startsAt: isoDateTime,
  endsAt: isoDateTime,
  status: z.enum(VISIT_STATUSES),
  /** false once the slot the link was sent for has changed (a newer e-mail has the new one) */
  current: z.boolean(),
});
export type VisitLink = z.infer<typeof VisitLinkSchema>;

export const VisitLinkQuerySchema = z.object({ token: z.string().min(10).max(500) });

export const VisitLinkActionSchema = z.discriminatedUnion("action", [
  z.object({ token: z.string().min(10).max(500), action: z.literal("confirm") }),
  z.object({
    token: z.string().min(10).max(500),
    action: z.literal("change"),
    note: VisitChangeRequestSchema.shape.note,
  }),
]);

/** the fields a technician's account shares with every user's: their name and how to reach them */
const TECHNICIAN_USER_FIELDS = {
  firstName: true,
  lastName: true,
  username: true,
  email: true,
  phone: true,
} as const;

/** A technician account as the console lists it */
export const TechnicianSchema = PublicUserSchema.pick({ id: true, ...TECHNICIAN_USER_FIELDS }).extend({
  active: z.boolean(),
  /** open and in-progress tickets assigned to them */
  openTickets: z.number().int(),
  createdAt: isoDateTime,
});
export type Technician = z.infer<typeof TechnicianSchema>;

/** a technician's account: the sign-up's own fields, and a password as long as staff passwords */
export const TechnicianCreateSchema = RegisterSchema.pick(TECHNICIAN_USER_FIELDS).extend({
  password: z
    .string()
    .min(STAFF_PASSWORD_MIN, `Password must be at least ${STAFF_PASSWORD_MIN} characters`)
    .max(256),
});
export type TechnicianCreate = z.input<typeof TechnicianCreateSchema>;

const slotDay = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
});
const slotTime = new Intl.DateTimeFormat("en-IN", {
  timeZone: INDIA_TIME_ZONE,
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

/** "Tue, 1 Dec 2026, 10:00 am – 12:00 pm IST": how a slot reads on pages and in e-mails */
export function formatVisitSlot(startsAt: string | Date, endsAt: string | Date): string {
  const start = new Date(startsAt);
  return `${slotDay.format(start)}, ${slotTime.format(start)} – ${slotTime.format(new Date(endsAt))} IST`;
}

/** "10:00 am – 12:00 pm": a free slot's times, India's, as the schedule form offers them */
export function formatSlotTimes(slot: { date: string; start: string; end: string }): string {
  const { startsAt, endsAt } = visitSlotInstants(slot);
  return `${slotTime.format(startsAt)} – ${slotTime.format(endsAt)}`;
}

/** "Thu, 10 Dec 2026": a visit day as the schedule form names it */
export const formatSlotDay = (date: string) =>
  slotDay.format(visitSlotInstants({ date, start: "12:00", end: "12:00" }).startsAt);
