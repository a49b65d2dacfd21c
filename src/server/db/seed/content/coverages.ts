import type { CoverageContent } from "./types.ts";

/** Icons are lucide-react names (kebab-case). */
export const coverages: CoverageContent[] = [
  {
    icon: "door-open",
    title: "Hinges & Drawer Channels",
    description:
      "Soft-close hinges that sag or stop closing, telescopic and tandem drawer channels that jam or drop, and lift-up mechanisms that lose tension are adjusted, repaired or replaced.",
  },
  {
    icon: "columns-2",
    title: "Wardrobes & Storage Units",
    description:
      "Swing and sliding wardrobe shutters that warp or fall out of line, worn sliding tracks and rollers, loose shelves, lofts and internal accessories.",
  },
  {
    icon: "layers",
    title: "Laminates & Veneers",
    description:
      "Laminate and veneer that lifts, bubbles or peels away from the board, and edge banding that comes loose, when the cause is adhesive or pressing failure rather than damage.",
  },
  {
    icon: "chef-hat",
    title: "Modular Kitchens",
    description:
      "Kitchen carcasses, shutters, tall units, pull-out baskets and corner solutions, including the sink base unit, which takes the most punishment in an Indian kitchen.",
  },
  {
    icon: "wrench",
    title: "Handles & Hardware",
    description:
      "Handles, knobs, gas struts, wardrobe locks, profile handles and internal fittings that break, loosen or corrode under normal household use.",
  },
  {
    icon: "hammer",
    title: "Workmanship & Installation",
    description:
      "Defects that come from how the interiors were built or fitted: shutters out of level, units not fixed firmly to the wall, poor joinery and uneven gaps.",
  },
];
