import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Img,
  Link,
  Preview,
  Section,
  Text,
  toPlainText,
} from "@react-email/components";
import { renderToStaticMarkup } from "react-dom/server";
import { type PartnerBrand, whiteLabelLine } from "../../../../shared/schemas/partner-brand.ts";
import { COMPANY } from "../../../../web/lib/company.ts";
import { RATING_LABELS } from "./common.ts";
import { CONTENT } from "./content.ts";
import type { Content, TemplateData, TemplateName } from "./types.ts";

const styles = {
  body: {
    backgroundColor: "#f4f4f5",
    fontFamily: "Arial, Helvetica, sans-serif",
    margin: 0,
    padding: "24px 0",
  },
  container: {
    backgroundColor: "#ffffff",
    borderRadius: 8,
    maxWidth: 560,
    padding: "24px",
    margin: "0 auto",
  },
  brand: { color: "#0f5f54", fontSize: 16, fontWeight: 700, margin: 0 },
  heading: { color: "#18181b", fontSize: 22, margin: "16px 0 8px" },
  text: { color: "#27272a", fontSize: 15, lineHeight: "24px" },
  quote: {
    borderLeft: "3px solid #d4d4d8",
    color: "#3f3f46",
    fontSize: 15,
    lineHeight: "24px",
    margin: "12px 0",
    padding: "4px 12px",
    whiteSpace: "pre-wrap" as const,
  },
  label: { color: "#71717a", fontSize: 13, margin: 0 },
  value: { color: "#18181b", fontSize: 15, margin: "0 0 8px" },
  button: {
    backgroundColor: "#0f5f54",
    borderRadius: 6,
    color: "#ffffff",
    display: "inline-block",
    fontSize: 15,
    fontWeight: 700,
    padding: "12px 20px",
    textDecoration: "none",
  },
  footer: { color: "#71717a", fontSize: 12, lineHeight: "18px" },
  rate: {
    border: "1px solid #0f5f54",
    borderRadius: 6,
    color: "#0f5f54",
    display: "inline-block",
    fontSize: 14,
    fontWeight: 700,
    margin: "0 6px 8px 0",
    padding: "8px 12px",
    textDecoration: "none",
  },
};

function EmailLayout({
  content,
  origin,
  unsubscribeUrl,
  ratingUrls,
  partner,
}: {
  content: Content;
  origin: string;
  unsubscribeUrl?: string;
  ratingUrls?: string[];
  /** about a partner's policy: the partner's logo and name head the e-mail, with the white-label line */
  partner?: PartnerBrand;
}) {
  const url = content.action ? `${origin}${content.action.path}` : undefined;
  return (
    <Html lang="en">
      <Head />
      <Preview>{content.heading}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {partner ? (
            <Section>
              {partner.logoUrl ? (
                <Img
                  src={`${origin}${partner.logoUrl}`}
                  alt={partner.name}
                  height={48}
                  style={{ height: 48, width: "auto", maxWidth: 200 }}
                />
              ) : null}
              <Text style={styles.brand}>{partner.name}</Text>
              <Text style={styles.footer}>{partner.line}</Text>
            </Section>
          ) : (
            <Text style={styles.brand}>{COMPANY.name}</Text>
          )}
          <Heading as="h1" style={styles.heading}>
            {content.heading}
          </Heading>
          {content.paragraphs.map((p) => (
            <Text key={p} style={styles.text}>
              {p}
            </Text>
          ))}
          {content.quote ? <Text style={styles.quote}>{content.quote}</Text> : null}
          {content.details ? (
            <Section>
              {content.details.map(([label, value]) => (
                <div key={label}>
                  <Text style={styles.label}>{label}</Text>
                  <Text style={styles.value}>{value}</Text>
                </div>
              ))}
            </Section>
          ) : null}
          {ratingUrls?.length === 5 ? (
            <Section style={{ margin: "20px 0 4px" }}>
              <Text style={{ ...styles.text, fontWeight: 700, margin: "0 0 8px" }}>
                How did we do? Tap a score to rate the resolution:
              </Text>
              {ratingUrls.map((href, i) => (
                <Link key={href} href={href} style={styles.rate}>
                  {RATING_LABELS[i]}
                </Link>
              ))}
              <Text style={styles.footer}>You can add a comment on the next page. No sign-in needed.</Text>
            </Section>
          ) : null}
          {url && content.action ? (
            <Section style={{ margin: "20px 0" }}>
              <Button href={url} style={styles.button}>
                {content.action.label}
              </Button>
              {/* the plain text already gives the button's address on a line of its own */}
              <Text style={styles.footer} data-skip-in-text="true">
                Or open this address: <Link href={url}>{url}</Link>
              </Text>
              {content.secondary ? (
                <Text style={styles.text}>
                  <Link href={`${origin}${content.secondary.path}`}>{content.secondary.label}</Link>
                </Text>
              ) : null}
            </Section>
          ) : null}
          <Hr />
          <Text style={styles.footer}>
            {COMPANY.name} · {COMPANY.address.city}, {COMPANY.address.state}
            <br />
            Phone {COMPANY.phones[0]} · <Link href={`mailto:${COMPANY.emails[0]}`}>{COMPANY.emails[0]}</Link>
            <br />
            {COMPANY.hours
              .filter((h) => h.time !== "Closed")
              .map((h) => `${h.days} ${h.time}`)
              .join(" · ")}
          </Text>
          {unsubscribeUrl ? (
            <Text style={styles.footer}>
              You receive reminders and news because you agreed to them.{" "}
              <Link href={unsubscribeUrl}>Unsubscribe with one click</Link>
            </Text>
          ) : null}
        </Container>
      </Body>
    </Html>
  );
}

export interface RenderedEmail {
  subject: string;
  html: string;
  text: string;
  /** an invitation the mailer sends as the e-mail's text/calendar part */
  calendar?: string;
}

const brandByName = (name: string): PartnerBrand => ({ name, logoUrl: null, line: whiteLabelLine(name) });

/** the parts of the plain-text converter's formatter arguments used here (it ships no types) */
interface TextNode {
  type?: string;
  data?: string;
  attribs?: Record<string, string>;
  children?: TextNode[];
}
interface TextBuilder {
  openBlock(options: { leadingLineBreaks: number }): void;
  closeBlock(options: { trailingLineBreaks: number }): void;
  addInline(text: string, options: { noWordTransform: boolean }): void;
}

/**
 * A web link in the plain text: its words on one line and its address alone on the next.
 * Run into the sentence, a row of links (the five rating scores) reads as one long line that
 * mail programs cut or join wrongly (`…score=12 Fair http://…`), and a full stop after an
 * address becomes part of it. Other links (mailto) keep only their words.
 */
const linkOnItsOwnLine = (
  elem: TextNode,
  walk: (nodes: TextNode[] | undefined, builder: TextBuilder) => void,
  builder: TextBuilder,
) => {
  const href = elem.attribs?.href ?? "";
  if (!/^https?:\/\//.test(href)) {
    walk(elem.children, builder);
    return;
  }
  const words =
    elem.children?.length === 1 && elem.children[0].type === "text" ? elem.children[0].data : null;
  if (words?.trim() !== href) {
    builder.openBlock({ leadingLineBreaks: 1 });
    walk(elem.children, builder);
    builder.closeBlock({ trailingLineBreaks: 1 });
  }
  builder.openBlock({ leadingLineBreaks: 1 });
  builder.addInline(href, { noWordTransform: true });
  builder.closeBlock({ trailingLineBreaks: 2 });
};

const PLAIN_TEXT_OPTIONS = {
  formatters: { linkOnItsOwnLine },
  selectors: [{ selector: "a", format: "linkOnItsOwnLine" }],
};

/** the doctype React Email's render() puts first, which e-mail clients expect */
const DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/** The e-mail `template` says with `data`: HTML and plain text, links on `origin`. */
export async function renderEmail<K extends TemplateName>(
  template: K,
  data: TemplateData[K],
  options: { origin: string; unsubscribeUrl?: string; ratingUrls?: string[]; partner?: PartnerBrand },
): Promise<RenderedEmail> {
  const make = CONTENT[template] as (d: TemplateData[K]) => Content;
  if (!make) throw new Error(`Unknown e-mail template ${template}`);
  const content = make(data);
  const element = (
    <EmailLayout
      content={content}
      origin={options.origin}
      unsubscribeUrl={options.unsubscribeUrl}
      ratingUrls={options.ratingUrls}
      partner={
        options.partner ??
        // a handover names its partner even should the look-up find none
        (template === "partner_handover"
          ? brandByName((data as TemplateData["partner_handover"]).partnerName)
          : undefined)
      }
    />
  );
  // rendered once, synchronously: the templates have nothing to wait for, and React Email's
  // render() streams through web streams and Suspense for the same markup at several times
  // the cost (rendering was most of the time an e-mail took from the queue to the SMTP server).
  // The plain text is made from that HTML rather than by rendering again.
  const html = `${DOCTYPE}${renderToStaticMarkup(element)}`;
  const text = toPlainText(html, PLAIN_TEXT_OPTIONS);
  return {
    subject: content.subject,
    html,
    text,
    ...(content.calendar ? { calendar: content.calendar } : {}),
  };
}
