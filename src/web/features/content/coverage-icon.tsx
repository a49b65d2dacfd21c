import {
  Armchair,
  ChefHat,
  Columns2,
  DoorOpen,
  Hammer,
  Layers,
  type LucideIcon,
  PanelsTopLeft,
  ShieldCheck,
  Wrench,
} from "lucide-react";

/**
 * Coverage items name their icon (kebab-case lucide names, see the seeded coverages).
 * Only these are bundled; an unknown name falls back to a shield rather than pulling in
 * the whole icon set.
 */
const ICONS: Record<string, LucideIcon> = {
  "door-open": DoorOpen,
  "columns-2": Columns2,
  layers: Layers,
  "chef-hat": ChefHat,
  wrench: Wrench,
  hammer: Hammer,
  armchair: Armchair,
  "panels-top-left": PanelsTopLeft,
  "shield-check": ShieldCheck,
};

export function CoverageIcon({ name, className }: { name: string; className?: string }) {
  const Icon = ICONS[name] ?? ShieldCheck;
  return <Icon aria-hidden="true" className={className} />;
}
