import { createEvent } from "ics";

/**
 * The calendar invitation (RFC 5545) a visit's e-mail carries, written with the `ics`
 * library. The UID is the visit's own, so each new slot for the visit (with a higher
 * SEQUENCE) replaces the event in the customer's calendar instead of adding another;
 * times are in UTC, which every calendar shows in its owner's time zone.
 */
export interface VisitInvite {
  visitId: number;
  sequence: number;
  startsAt: Date;
  endsAt: Date;
  ticketId: number;
  subject: string;
  /** the home's address, where the technician comes */
  location: string;
  customer: { name: string; email: string };
  organizer: { name: string; email: string };
  /** the site's own host, for the UID: UIDs must be unique across every calendar */
  host: string;
  /** the customer has confirmed the slot */
  confirmed: boolean;
}

const visitUid = (visitId: number, host: string) => `visit-${visitId}@${host}`;

export function visitInvitation(v: VisitInvite): string {
  const { error, value } = createEvent({
    productId: "hipwarranty/visits",
    method: "REQUEST",
    uid: visitUid(v.visitId, v.host),
    sequence: v.sequence,
    start: v.startsAt.getTime(),
    startInputType: "utc",
    startOutputType: "utc",
    end: v.endsAt.getTime(),
    endInputType: "utc",
    endOutputType: "utc",
    title: `Technician visit for ticket #${v.ticketId}`,
    description: `Our technician visits for your ticket #${v.ticketId}: ${v.subject}`,
    location: v.location,
    status: v.confirmed ? "CONFIRMED" : "TENTATIVE",
    organizer: { name: v.organizer.name, email: v.organizer.email },
    attendees: [
      {
        name: v.customer.name,
        email: v.customer.email,
        rsvp: true,
        partstat: v.confirmed ? "ACCEPTED" : "NEEDS-ACTION",
        role: "REQ-PARTICIPANT",
      },
    ],
  });
  if (error || !value) throw error ?? new Error("The calendar invitation could not be written");
  return value;
}
