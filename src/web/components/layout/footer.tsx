import { paths } from "@shared/paths.ts";
import { cn } from "@web/lib/cn.ts";
import { addressLines, COMPANY, telHref } from "@web/lib/company.ts";
import { useUser } from "@web/lib/use-user.ts";
import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { Link } from "wouter";
import { Brand } from "./brand.tsx";
import { NavLink } from "./nav-link.tsx";
import { customerLinks } from "./nav-links.ts";
import { Container } from "./section.tsx";
import { SocialLinks } from "./social-icons.tsx";

const QUICK_LINKS = [
  { href: paths.home, label: "Home" },
  { href: paths.b2b, label: "B2B Solutions" },
  { href: paths.b2c, label: "B2C Policies" },
  { href: "/#benefits", label: "Benefits" },
  { href: paths.blog, label: "Blog" },
  { href: paths.faqs, label: "FAQs" },
  { href: paths.contact, label: "Contact" },
];

const PLAN_LINKS = [
  { href: paths.b2c, label: "Essential Plan" },
  { href: paths.b2c, label: "Premium Plan" },
  { href: paths.b2c, label: "Elite Plan" },
  { href: paths.b2b, label: "Business Partnership Program" },
  { href: paths.contact, label: "Custom Solutions" },
];

/** The legal pages; each label is the page a visitor expects behind it. */
const LEGAL_LINKS = [
  { label: "Privacy Policy", href: paths.privacy },
  { label: "Terms of Service", href: paths.terms },
  { label: "Warranty Terms", href: paths.warrantyTerms },
  { label: "Refund Policy", href: paths.refunds },
];

/** The links to the legal pages, at the foot of every page: the site's footer and the signed-in one. */
export function LegalLinks({ className, linkClassName }: { className: string; linkClassName: string }) {
  return (
    <ul className={className}>
      {LEGAL_LINKS.map(({ label, href }) => (
        <li key={label}>
          <Link href={href} className={linkClassName}>
            {label}
          </Link>
        </li>
      ))}
    </ul>
  );
}

const headingClass = "text-sm font-bold tracking-wider text-white uppercase";
const linkClass = "text-white/80 hover:text-white hover:underline underline-offset-4";

export function Footer() {
  const { user } = useUser();
  return (
    // room at the bottom for the phone's help bar and the chat button, so nothing ends up under them
    <footer className="bg-hero pb-16 text-hero-foreground md:pb-20">
      <Container className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-[1.4fr_1fr_1fr_1.3fr]">
        <div>
          <Brand tone="onDark" />
          <p className="mt-4 max-w-xs text-sm leading-relaxed text-white/80">
            Warranties of up to 10 years on hinges, wardrobes, laminates and modular kitchens, from our home
            in Chennai to homes across India.
          </p>
          <SocialLinks
            className="mt-6"
            itemClassName="border-white/25 text-white/85 hover:border-accent hover:text-accent"
          />
        </div>
        <nav aria-labelledby="footer-quick-links">
          <h2 id="footer-quick-links" className={headingClass}>
            Quick Links
          </h2>
          <ul className="mt-4 grid gap-2.5 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.label}>
                <NavLink href={l.href} className={linkClass}>
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-labelledby="footer-plans">
          <h2 id="footer-plans" className={headingClass}>
            Our Plans
          </h2>
          <ul className="mt-4 grid gap-2.5 text-sm">
            {PLAN_LINKS.map((l) => (
              <li key={l.label}>
                <Link href={l.href} className={linkClass}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className={headingClass}>Contact Us</h2>
          {/* the first things a homeowner with a policy looks for at the foot of a page */}
          <ul className="mt-4 grid gap-2.5 text-sm" aria-label="Homeowner help">
            {customerLinks(Boolean(user)).map((l) => (
              <li key={l.label}>
                <Link href={l.href} className={cn(linkClass, "font-semibold text-white")}>
                  {l.label}
                </Link>
              </li>
            ))}
          </ul>
          <ul className="mt-5 grid gap-3 border-t border-white/10 pt-5 text-sm text-white/80">
            <li className="flex gap-3">
              <MapPin aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <address className="not-italic">
                {addressLines().map((line) => (
                  <span key={line} className="block">
                    {line}
                  </span>
                ))}
              </address>
            </li>
            {COMPANY.phones.map((p) => (
              <li key={p} className="flex gap-3">
                <Phone aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
                <a href={telHref(p)} className={linkClass}>
                  {p}
                </a>
              </li>
            ))}
            <li className="flex gap-3">
              <Mail aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <a href={`mailto:${COMPANY.emails[0]}`} className={linkClass}>
                {COMPANY.emails[0]}
              </a>
            </li>
            <li className="flex gap-3">
              <Clock aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-accent" />
              <span>Mon–Fri 9–6, Sat 9–4</span>
            </li>
          </ul>
        </div>
      </Container>
      <div className="border-t border-white/10">
        <Container className="flex flex-col gap-4 py-6 text-sm text-white/70 md:flex-row md:items-center md:justify-between">
          <p>
            © {new Date().getFullYear()} {COMPANY.name}. All rights reserved.
          </p>
          <LegalLinks
            className="flex flex-wrap gap-x-5 gap-y-2"
            linkClassName="hover:text-white hover:underline underline-offset-4"
          />
        </Container>
      </div>
    </footer>
  );
}
