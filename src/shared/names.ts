/** A person's name as the site shows it, in e-mails, PDFs and on screen: first and last, with no stray space when one is blank */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();

/** the name of a person read through a left join: null when there was no one to join */
export const joinedName = (firstName: string | null, lastName: string | null) =>
  firstName === null ? null : fullName({ firstName, lastName: lastName ?? "" });
