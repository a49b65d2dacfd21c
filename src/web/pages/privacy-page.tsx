import { paths } from "@shared/paths.ts";
import {
  PRIVACY_NOTICE_DATE,
  PRIVACY_NOTICE_VERSION,
  PRIVACY_RESPONSE_DAYS,
} from "@shared/schemas/privacy.ts";
import { LegalPage, LegalSection } from "@web/features/legal/legal-page.tsx";
import { GrievanceForm } from "@web/features/privacy/grievance-form.tsx";
import { addressLines, COMPANY, telHref } from "@web/lib/company.ts";
import { Link } from "wouter";

const link = "font-semibold text-primary hover:underline";

/** What is collected, where it comes from, and what it is for. */
const COLLECTED = [
  {
    what: "Enquiries",
    fields: "name, e-mail, phone, area of interest, your message, the page you wrote from",
    why: "to reply and, if you ask, to quote for cover",
  },
  {
    what: "Your account",
    fields: "name, username, e-mail, password (stored only as a one-way hash), phone, address",
    why: "to sign you in, issue and honour your policies, and reach you about repairs",
  },
  {
    what: "Policies",
    fields: "the property's address, plan, dates, amounts paid, certificates",
    why: "to provide the cover you bought, and to keep the accounts the tax laws require",
  },
  {
    what: "Support tickets (claims)",
    fields: "what is wrong, the conversation with our team, the policy it is raised on",
    why: "to assess and carry out repairs",
  },
  {
    what: "Sign-in records",
    fields: "when you signed in or out, the address you connected from, refused attempts",
    why: "to protect your account from misuse",
  },
  {
    what: "Marketing choice",
    fields: "whether you want offers and news, and when you said so",
    why: "to send offers only to people who asked for them",
  },
];

/** /privacy: the privacy notice under India's Digital Personal Data Protection Act, 2023. */
export default function PrivacyPage() {
  return (
    <LegalPage
      eyebrow="Privacy"
      title="Privacy Notice"
      description="How Home Interior Project Warranty Solutions collects, uses, keeps and shares personal data, your rights under India's DPDP Act, and how to reach our Grievance Officer."
      path={paths.privacy}
      lead="What we collect about you, why, how long we keep it, who sees it, and the rights you have over it."
      updated={`${PRIVACY_NOTICE_DATE} (version ${PRIVACY_NOTICE_VERSION})`}
    >
      <LegalSection id="who" title="Who we are">
        <p>
          {COMPANY.name} ("we") decides how the personal data described here is used: under India's Digital
          Personal Data Protection Act, 2023 we are its Data Fiduciary. Our office is at{" "}
          {addressLines().join(", ")}.
        </p>
      </LegalSection>

      <LegalSection id="collected" title="What we collect and why">
        <p>We collect only what you give us through this website and what our service needs:</p>
        {/* a table on wider screens; on a phone each row is a block of its own, nothing scrolls sideways */}
        <div className="rounded-lg border">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Personal data we hold, and what it is for</caption>
            <thead className="bg-muted/60 text-foreground max-sm:sr-only">
              <tr>
                <th scope="col" className="p-3 font-semibold">
                  From
                </th>
                <th scope="col" className="p-3 font-semibold">
                  What
                </th>
                <th scope="col" className="p-3 font-semibold">
                  Why
                </th>
              </tr>
            </thead>
            <tbody>
              {COLLECTED.map((row) => (
                <tr
                  key={row.what}
                  className="border-t align-top first:border-t-0 max-sm:block max-sm:p-3 sm:first:border-t"
                >
                  <th
                    scope="row"
                    className="p-3 font-semibold text-foreground max-sm:block max-sm:p-0 max-sm:pb-1"
                  >
                    {row.what}
                  </th>
                  <td className="p-3 max-sm:block max-sm:p-0 max-sm:pb-1">{row.fields}</td>
                  <td className="p-3 max-sm:block max-sm:p-0">
                    <span className="font-semibold text-foreground sm:sr-only">Why: </span>
                    {row.why}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p>
          When you send an enquiry you give us your details to be answered: we use them for that alone.
          Marketing messages are separate: we send them only if you tick the box for them, and you can turn
          them off at any time from your dashboard (My Data). We do not sell personal data, and the site sets
          no advertising or tracking cookies; its one cookie keeps you signed in.
        </p>
      </LegalSection>

      <LegalSection id="retention" title="How long we keep it">
        <ul>
          <li>
            <strong>Enquiries:</strong> 24 months from when you wrote. After that the sender's name, e-mail,
            phone and message are erased automatically; only the area of interest and the date stay, for our
            statistics.
          </li>
          <li>
            <strong>Policies and claims:</strong> for the period of cover, and then for as long as the tax
            laws require us to keep accounts and invoices (up to eight years after the financial year ends).
          </li>
          <li>
            <strong>Your account:</strong> until you erase it, or until the records above may go.
          </li>
          <li>
            <strong>Sign-in records:</strong> 180 days, as India's CERT-In directions ask of security logs.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title="Who we share it with">
        <ul>
          <li>
            <strong>Technicians</strong> we send to carry out a repair: your name, phone, the property's
            address and what is wrong.
          </li>
          <li>
            <strong>The partner who sold you the cover</strong> (an interior designer or builder), for
            policies they arranged: the policy's status and the claims raised on it.
          </li>
          <li>
            <strong>Companies that run our systems for us</strong> (hosting, e-mail), under contract, only to
            provide that service.
          </li>
          <li>
            <strong>Authorities</strong>, when a law requires it.
          </li>
        </ul>
      </LegalSection>

      <LegalSection id="rights" title="Your rights">
        <ul>
          <li>
            <strong>Access:</strong> download everything we hold about you from your dashboard: My Data,
            Download my data.
          </li>
          <li>
            <strong>Correction:</strong> change your details with Update Profile on your dashboard, or ask us.
          </li>
          <li>
            <strong>Erasure:</strong> erase your account from My Data. If you hold active cover or a claim is
            open, we keep what is needed to serve it, tell you what and why, and erase the rest within{" "}
            {PRIVACY_RESPONSE_DAYS} days.
          </li>
          <li>
            <strong>Withdrawing consent:</strong> turning marketing off is as easy as turning it on, and takes
            effect at once.
          </li>
          <li>
            <strong>Nomination:</strong> you may name a person to exercise these rights for you in the event
            of your death or incapacity. Write to us with their name and contact details.
          </li>
          <li>
            <strong>Grievance:</strong> tell our Grievance Officer (below). We reply within{" "}
            {PRIVACY_RESPONSE_DAYS} days.
          </li>
        </ul>
        <p>
          Accounts are for adults. If you are signed in,{" "}
          <Link href={paths.dashboard} className={link}>
            your dashboard
          </Link>{" "}
          has these under My Data.
        </p>
      </LegalSection>

      <LegalSection id="grievance" title="Grievance Officer">
        <p>
          Our Grievance Officer answers questions and complaints about personal data: write to{" "}
          <a href={`mailto:${COMPANY.emails[0]}?subject=Privacy%20grievance`} className={link}>
            {COMPANY.emails[0]}
          </a>{" "}
          with "Privacy grievance" as the subject, call{" "}
          <a href={telHref(COMPANY.phones[0])} className={link}>
            {COMPANY.phones[0]}
          </a>
          , write to the Grievance Officer at our office above, or use this form.
        </p>
        <GrievanceForm />
      </LegalSection>

      <LegalSection id="board" title="The Data Protection Board of India">
        <p>
          If you are not satisfied with our answer, or we have not answered within {PRIVACY_RESPONSE_DAYS}{" "}
          days, you may complain to the Data Protection Board of India, set up under the Digital Personal Data
          Protection Act, 2023, through its online platform.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this notice">
        <p>
          When this notice changes in a way that matters, we show the new version when you next sign in or
          send a form, and record which version you saw. The use of the site is also governed by our{" "}
          <Link href={paths.terms} className={link}>
            Terms of Service
          </Link>
          .
        </p>
      </LegalSection>
    </LegalPage>
  );
}
