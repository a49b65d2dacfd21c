import { Card } from "@web/components/ui/card.tsx";
import { BadgeIndianRupee, Headset, ShieldCheck } from "lucide-react";

const BENEFITS = [
  {
    icon: ShieldCheck,
    title: "Comprehensive Protection",
    text: "Hinges, channels, wardrobes, laminates and modular kitchens, covered for up to 10 years after installation, with flexible coverage for your home.",
  },
  {
    icon: BadgeIndianRupee,
    title: "Zero-Cost Repairs",
    text: "Covered issues are repaired or replaced at no cost to you: parts, labour and visits included, with no hidden charges.",
  },
  {
    icon: Headset,
    title: "Single Point of Contact",
    text: "One number for every issue. No chasing carpenters, brands and dealers: we coordinate the whole repair for you.",
  },
] as const;

export function BenefitCards() {
  return (
    <ul className="grid gap-6 md:grid-cols-3">
      {BENEFITS.map((b) => (
        <li key={b.title}>
          <Card className="h-full p-7">
            <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-amber-700 dark:text-accent">
              <b.icon aria-hidden="true" className="size-6" />
            </span>
            <h3 className="mt-5 text-xl font-semibold">{b.title}</h3>
            <p className="mt-2 leading-relaxed text-muted-foreground">{b.text}</p>
          </Card>
        </li>
      ))}
    </ul>
  );
}
