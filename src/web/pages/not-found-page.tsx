import { paths } from "@shared/paths.ts";
import { CITY_LINK_NAMES } from "@web/components/layout/city-link-names.ts";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Input, Label } from "@web/components/ui/input.tsx";
import { COMPANY, telHref } from "@web/lib/company.ts";
import { Phone } from "lucide-react";
import { useId, useState } from "react";
import { Link, useLocation } from "wouter";

/** The site's main places, and every city page, for a visitor who followed a broken link. */
const MAIN_PAGES = [
  { href: paths.b2c, label: "Homeowner plans: Essential, Premium, Elite" },
  { href: paths.b2b, label: "Business partnerships" },
  { href: paths.faqs, label: "FAQs" },
  { href: paths.contact, label: "Contact us" },
  { href: paths.blog, label: "Blog" },
  { href: paths.warrantyTerms, label: "Warranty terms: cover, exclusions and claims" },
  { href: paths.refunds, label: "Cancellation and refunds" },
  { href: paths.auth, label: "Login to see your policies" },
];
const SEARCHABLE = [
  ...MAIN_PAGES,
  ...CITY_LINK_NAMES.map((name) => ({ href: paths.city(name.toLowerCase()), label: `Warranty in ${name}` })),
];

export default function NotFoundPage() {
  const [location] = useLocation();
  const id = useId();
  const [query, setQuery] = useState("");
  const words = query.trim().toLowerCase().split(/\s+/).filter(Boolean);
  const found = words.length
    ? SEARCHABLE.filter((p) => words.every((w) => p.label.toLowerCase().includes(w))).slice(0, 8)
    : MAIN_PAGES;
  return (
    <NotFoundState
      title="404 Page Not Found"
      message="We couldn't find that page. It may have moved, or the link may be mistyped. Search the site below, pick one of our main pages, or call us."
      path={location}
    >
      <Button asChild size="lg" variant="outline">
        <a href={telHref(COMPANY.phones[0])}>
          <Phone aria-hidden="true" /> Call {COMPANY.phones[0]}
        </a>
      </Button>
      <search className="mt-6 w-full max-w-md basis-full text-left">
        <Label htmlFor={`${id}-q`}>Search the site</Label>
        <Input
          id={`${id}-q`}
          type="search"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          placeholder="A plan, a city, FAQs…"
          className="mt-2"
          aria-describedby={`${id}-count`}
        />
        <p id={`${id}-count`} className="sr-only" aria-live="polite">
          {words.length ? `${found.length} pages found` : ""}
        </p>
        <ul className="mt-4 grid gap-1" aria-label={words.length ? "Pages found" : "Main pages"}>
          {found.map((p) => (
            <li key={p.href}>
              <Link
                href={p.href}
                className="block rounded-md px-3 py-2 font-medium text-primary hover:bg-secondary hover:underline"
              >
                {p.label}
              </Link>
            </li>
          ))}
          {found.length === 0 ? (
            <li className="px-3 py-2 text-muted-foreground">
              No page matches; try another word, or call us.
            </li>
          ) : null}
        </ul>
      </search>
    </NotFoundState>
  );
}
