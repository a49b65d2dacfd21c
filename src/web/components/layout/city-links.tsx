import { paths } from "@shared/paths.ts";
import { Link } from "wouter";
import { CITY_LINK_NAMES } from "./city-link-names.ts";
import { Container } from "./section.tsx";

export function CityLinks() {
  return (
    <nav aria-labelledby="city-links-heading" className="border-t bg-muted/50 py-10">
      <Container>
        <h2 id="city-links-heading" className="text-sm font-bold tracking-wider text-foreground uppercase">
          Interior warranty services across India
        </h2>
        <ul className="mt-4 flex flex-wrap gap-x-1 gap-y-1 text-sm" data-testid="city-links">
          {CITY_LINK_NAMES.map((name) => (
            <li key={name}>
              <Link
                href={paths.city(name.toLowerCase())}
                className="inline-block rounded px-2 py-1 text-muted-foreground hover:bg-secondary hover:text-primary"
              >
                {name}
              </Link>
            </li>
          ))}
        </ul>
      </Container>
    </nav>
  );
}
