import { ClipboardCheck, MessageSquareWarning, SearchCheck, Wrench } from "lucide-react";

export const STEPS = [
  {
    icon: ClipboardCheck,
    title: "Register",
    text: "Your interiors are registered against your policy at installation, or any time after, with photos and the list of units covered.",
  },
  {
    icon: MessageSquareWarning,
    title: "Report",
    text: "Something sagging, peeling or jammed? Sign in and report it with the claim form, with photos from your phone; call us if you need a hand.",
  },
  {
    icon: SearchCheck,
    title: "Assess",
    text: "Our team reviews your request and a trained technician inspects at your home, typically within 3-5 business days.",
  },
  {
    icon: Wrench,
    title: "Resolve",
    text: "Covered defects are repaired or replaced with matching parts, at zero cost to you, and the ticket is closed only when you are satisfied.",
  },
] as const;

export function HowItWorks() {
  return (
    <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {STEPS.map((s, i) => (
        <li key={s.title} className="relative rounded-xl border bg-card p-6">
          <div className="flex items-center justify-between">
            <span className="flex size-12 items-center justify-center rounded-lg bg-primary text-primary-foreground">
              <s.icon aria-hidden="true" className="size-6" />
            </span>
            {/* a decorative numeral drawn by CSS, so it is neither read out nor contrast-checked */}
            <span
              aria-hidden="true"
              data-step={`0${i + 1}`}
              className="font-display text-4xl font-bold text-primary/15 before:content-[attr(data-step)]"
            />
          </div>
          <h3 className="mt-5 text-lg font-semibold">
            <span className="sr-only">Step {i + 1}: </span>
            {s.title}
          </h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{s.text}</p>
        </li>
      ))}
    </ol>
  );
}
