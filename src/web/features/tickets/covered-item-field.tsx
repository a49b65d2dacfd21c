import {
  COVERED_ITEMS,
  type CoveredItemKey,
  coveredItemLabel,
  OTHER_ITEM,
  OTHER_ITEM_LABEL,
  planCovers,
} from "@shared/schemas/policy-items.ts";
import type { TicketCreateForm } from "@shared/schemas/ticket.ts";
import { useQuery } from "@tanstack/react-query";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { NativeSelect } from "@web/components/ui/input.tsx";
import { apiQuery } from "@web/lib/api.ts";
import { CircleAlert } from "lucide-react";
import { useEffect, useMemo } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";

/**
 * The claim form's one choice of what failed, as a value of the select: "item:12" (an item
 * a policy item), "feature:hinges" (a kind of item from the plan) or "other".
 */
export function claimedItem(
  choice: string | undefined,
): Pick<TicketCreateForm, "policyItemId" | "coveredItem"> {
  if (!choice) return {};
  if (choice === OTHER_ITEM) return { coveredItem: OTHER_ITEM };
  const [kind, value] = choice.split(":");
  if (kind === "item") return { policyItemId: Number(value) };
  if (kind === "feature") return { coveredItem: value as CoveredItemKey };
  return {};
}

interface Option {
  value: string;
  label: string;
  /** the kind of item, which the plan covers or not */
  kind: string;
  covered: boolean;
}

/**
 * "Covered item": the chosen policy's items, or, when it has none, the
 * kinds of item its plan lists, and "Other / not sure". A choice the plan does not cover is
 * said at once, beside the field; the customer can still send the claim (the server decides
 * again what it stores, and staff see the claim flagged).
 */
export function CoveredItemField({
  id,
  purchaseId,
  error,
  register,
  value,
  onOptionsChange,
}: {
  id: string;
  purchaseId: number | null;
  error?: string;
  register: UseFormRegisterReturn;
  value: string;
  /** the values now offered, so a choice left from another policy can be cleared */
  onOptionsChange: (values: string[]) => void;
}) {
  const enabled = purchaseId !== null;
  const items = useQuery({
    ...apiQuery("GET /api/purchases/:id/items", { params: { id: purchaseId ?? 0 } }),
    enabled,
  });
  const policy = useQuery({
    ...apiQuery("GET /api/purchases/:id", { params: { id: purchaseId ?? 0 } }),
    enabled,
  });
  const features = policy.data?.features;
  const planName = policy.data?.planName;

  const { recorded, fromPlan } = useMemo(() => {
    const f = features ?? [];
    const recorded: Option[] = (items.data ?? []).map((i) => ({
      value: `item:${i.id}`,
      label: `${i.room}: ${coveredItemLabel(i.itemType)}${i.brand ? ` (${i.brand})` : ""}`,
      kind: coveredItemLabel(i.itemType),
      covered: i.coveredByPlan,
    }));
    // the plan's own list: kinds of item whose feature it names, included or not
    const fromPlan: Option[] = COVERED_ITEMS.filter((c) => f.some((x) => x.name === c.feature)).map((c) => ({
      value: `feature:${c.key}`,
      label: c.label,
      kind: c.label,
      covered: planCovers(f, c.key),
    }));
    return { recorded, fromPlan };
  }, [items.data, features]);
  const options = recorded.length > 0 ? recorded : fromPlan;
  const values = useMemo(() => [...options.map((o) => o.value), OTHER_ITEM], [options]);
  useEffect(() => onOptionsChange(values), [values, onOptionsChange]);

  const chosen = options.find((o) => o.value === value);
  const warning =
    chosen && !chosen.covered
      ? `${chosen.kind} is not covered by your ${planName ?? ""} plan. You can still send this request: our team will look at it and tell you your options, which may include a paid repair.`
      : null;
  const loading = enabled && (items.isPending || policy.isPending);

  return (
    <FormField
      id={id}
      label="Covered item"
      optional
      error={error}
      hint={
        !enabled
          ? "Choose a policy first."
          : recorded.length > 0
            ? "Which of your policy items is this about?"
            : "Which covered item is this about? Record your home's items on the policy page to choose the exact one."
      }
    >
      <NativeSelect
        {...fieldA11y(id, { error, hint: true })}
        aria-describedby={[`${id}-hint`, error ? `${id}-error` : null, warning ? `${id}-warning` : null]
          .filter(Boolean)
          .join(" ")}
        disabled={!enabled || loading}
        {...register}
      >
        <option value="">{loading ? "Loading..." : "Choose the item"}</option>
        {options.length > 0 ? (
          <optgroup label={recorded.length > 0 ? "Your policy items" : "Your plan's items"}>
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
                {o.covered ? "" : " (not in your plan)"}
              </option>
            ))}
          </optgroup>
        ) : null}
        <option value={OTHER_ITEM}>{OTHER_ITEM_LABEL}</option>
      </NativeSelect>
      {/* said as soon as it is chosen, not when the form is sent; it does not stop the form */}
      <div aria-live="polite">
        {warning ? (
          <p
            id={`${id}-warning`}
            className="flex gap-2 rounded-md border border-amber-600/40 bg-amber-50 px-3 py-2 text-sm text-amber-950 dark:border-amber-300/30 dark:bg-amber-950 dark:text-amber-100"
            data-testid="not-covered-warning"
          >
            <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {warning}
          </p>
        ) : null}
      </div>
    </FormField>
  );
}
