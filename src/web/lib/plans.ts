import { paths } from "@shared/paths.ts";
import type { B2BPlan, PlanWithFeatures } from "@shared/schemas/content.ts";
import { queryOptions } from "@tanstack/react-query";
import { apiQuery } from "./api.ts";

type AnyPlan = PlanWithFeatures | B2BPlan;
const withFeatures = (p: AnyPlan): p is PlanWithFeatures => "plan" in p;
const flat = (p: AnyPlan): p is B2BPlan => !("plan" in p);

/** `GET /api/plans/:type` answers `{plan, features}` for B2C and flat plans for B2B: each read keeps its kind */
const plansOf = <T extends AnyPlan>(type: "B2B" | "B2C", kind: (p: AnyPlan) => p is T) =>
  queryOptions({
    ...apiQuery("GET /api/plans/:type", { params: { type } }),
    select: (list): T[] => (list as AnyPlan[]).filter(kind),
  });

/** the homeowner plans, read by the public pages and by staff issuing a policy */
export const b2cPlansQuery = () => plansOf("B2C", withFeatures);
export const b2bPlansQuery = () => plansOf("B2B", flat);

/** /contact's form with the plan preselected ('Premium' → b2c-premium), scrolled to; the plain page for any other name */
export function planContactPath(planName: string): string {
  const interest = `b2c-${planName.trim().toLowerCase()}`;
  return ["b2c-essential", "b2c-premium", "b2c-elite"].includes(interest)
    ? paths.contactFormAbout(interest)
    : paths.contact;
}
