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
export type VisitEventKind = (typeof VISIT_EVENT_KINDS)[number];
