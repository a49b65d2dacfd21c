import { zodResolver } from "@hookform/resolvers/zod";
import { formatDate } from "@shared/format.ts";
import type { Feature } from "@shared/schemas/content.ts";
import {
  COVERED_ITEMS,
  coveredItemLabel,
  POLICY_ITEM_PHOTOS_MAX,
  POLICY_ITEMS_MAX,
  type PolicyItem,
  type PolicyItemForm,
  type PolicyItemInput,
  PolicyItemInputSchema,
  planCovers,
} from "@shared/schemas/policy-items.ts";
import { useQuery } from "@tanstack/react-query";
import { FileThumbnails } from "@web/components/files/file-thumbnails.tsx";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { FileButton } from "@web/components/ui/file-button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { Camera, Check, CircleAlert, ClipboardList, Loader2, Pencil, Plus, Trash2 } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import { policyItemsQuery, usePolicyItems } from "./policy-items-api.ts";

type ItemsApi = ReturnType<typeof usePolicyItems>;

/** rooms offered while typing; any other name is fine */
const ROOMS = [
  "Kitchen",
  "Master bedroom",
  "Bedroom 2",
  "Kids' room",
  "Living room",
  "Dining",
  "Study",
  "Pooja room",
];

/**
 * The policy items on the policy page: what is fitted in the home (room, kind, brand,
 * install date, handover photos), kept by the holder or by staff. Each item says whether
 * the plan covers its kind, so the holder knows before anything fails.
 */
export function PolicyItems({
  purchaseId,
  features,
  writable,
  staff,
  photosOnly = false,
}: {
  purchaseId: number;
  features: Feature[];
  /** a cancelled policy's items are read-only */
  writable: boolean;
  staff: boolean;
  /** the partner that registered the home: it adds handover photos, the items are the holder's */
  photosOnly?: boolean;
}) {
  const query = useQuery(policyItemsQuery(purchaseId));
  const api = usePolicyItems(purchaseId);
  const items = query.data ?? [];
  const full = items.length >= POLICY_ITEMS_MAX;
  return (
    // inside the partner's dialog the dialog is the frame: no card within it to narrow a phone's screen
    <Card
      className={cn("p-6 print:hidden", photosOnly && "border-0 bg-transparent p-0 shadow-none")}
      data-testid="policy-items"
    >
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold">
            <ClipboardList aria-hidden="true" className="size-5 text-primary" />
            {staff || photosOnly ? "Policy items" : "Your policy items"}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground">
            {photosOnly
              ? "The items fitted in this home. Add a handover photo of each: it stays with the policy."
              : "The items fitted in this home, with their brand, install date and handover photos. It stays with the policy if the home is sold, and lets you name the exact item when you raise a claim."}
          </p>
        </div>
        {writable && !photosOnly && query.isSuccess ? (
          <FormDialog
            icon={Plus}
            trigger="Add item"
            triggerProps={{ disabled: full, className: "shrink-0" }}
            title="Add an item"
            description="Record one covered item in the home. You can add handover photos now or later."
            className="max-h-[90dvh] overflow-y-auto"
            form={(close) => (
              <ItemForm api={api} features={features} staff={staff} onDone={close} withPhotos />
            )}
          />
        ) : null}
      </div>
      <div className="mt-5">
        {query.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-20 w-full" />
            <Skeleton className="h-20 w-full" />
          </div>
        ) : query.isError ? (
          <LoadError what="the policy items" onRetry={() => void query.refetch()} />
        ) : items.length === 0 ? (
          <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
            No items recorded yet.{" "}
            {writable && !photosOnly
              ? "Add your kitchen, wardrobes and other fitted items, with a photo of each at handover."
              : ""}
          </p>
        ) : (
          <ul className="grid gap-3" aria-label="Policy items">
            {items.map((item) => (
              <ItemRow
                key={item.id}
                item={item}
                api={api}
                features={features}
                staff={staff}
                writable={writable}
                photosOnly={photosOnly}
              />
            ))}
          </ul>
        )}
        {full ? (
          <p className="mt-3 text-sm text-muted-foreground">
            A policy holds at most {POLICY_ITEMS_MAX} items. Edit or remove one to add another.
          </p>
        ) : null}
      </div>
    </Card>
  );
}

function CoverBadge({ covered, staff }: { covered: boolean; staff: boolean }) {
  return covered ? (
    <Badge className="bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100">
      <Check aria-hidden="true" className="size-3" /> Covered
    </Badge>
  ) : (
    <Badge className="bg-amber-100 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
      <CircleAlert aria-hidden="true" className="size-3" /> {staff ? "Not in plan" : "Not in your plan"}
    </Badge>
  );
}

function ItemRow({
  item,
  api,
  features,
  staff,
  writable,
  photosOnly,
}: {
  item: PolicyItem;
  api: ItemsApi;
  features: Feature[];
  staff: boolean;
  writable: boolean;
  photosOnly: boolean;
}) {
  const details = [item.brand, item.installedOn ? `Installed ${formatDate(item.installedOn)}` : null].filter(
    Boolean,
  );
  return (
    <li className="rounded-lg border p-4" data-testid="policy-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="font-semibold">{item.room}</p>
          <p className="text-sm">{coveredItemLabel(item.itemType)}</p>
          {details.length > 0 ? <p className="text-sm text-muted-foreground">{details.join(" · ")}</p> : null}
        </div>
        <CoverBadge covered={item.coveredByPlan} staff={staff} />
      </div>
      <FileThumbnails items={item.photos} className="mt-3" label={`Photos of ${item.room}`} />
      {writable && photosOnly ? (
        <div className="mt-3">
          <PhotoButton item={item} api={api} />
        </div>
      ) : writable ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <PhotoButton item={item} api={api} />
          <FormDialog
            icon={Pencil}
            trigger="Edit"
            triggerProps={{ size: "sm", variant: "outline", "aria-label": `Edit ${item.room}` }}
            title="Edit item"
            description={`${item.room}: ${coveredItemLabel(item.itemType)}`}
            form={(close) => (
              <ItemForm api={api} features={features} staff={staff} item={item} onDone={close} />
            )}
          />
          <FormDialog
            icon={Trash2}
            trigger="Remove"
            triggerProps={{ size: "sm", variant: "ghost", "aria-label": `Remove ${item.room}` }}
            title="Remove this item?"
            description={`${item.room}: ${coveredItemLabel(item.itemType)}, with its ${item.photos.length} photo(s). Claims that named it keep what they said.`}
            form={(close) => <RemoveItemForm api={api} item={item} onDone={close} />}
          />
        </div>
      ) : null}
    </li>
  );
}

/** Photos straight from the row: a phone offers its camera or its gallery. Each is sent on its own. */
function PhotoButton({ item, api }: { item: PolicyItem; api: ItemsApi }) {
  const id = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const full = item.photos.length >= POLICY_ITEM_PHOTOS_MAX;
  const pick = async (e: React.ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = "";
    if (files.length === 0) return;
    setBusy(true);
    setError(null);
    const failures = await uploadAll(api, item.id, files);
    setBusy(false);
    await api.refresh();
    if (failures.length > 0) setError(failures.join(" "));
  };
  return (
    <div className="grid gap-1">
      <FileButton
        size="sm"
        accept="image/jpeg,image/png,image/webp"
        multiple
        disabled={full || busy}
        onChange={(e) => void pick(e)}
        aria-describedby={error ? `${id}-error` : undefined}
        data-testid="item-photo-input"
      >
        {busy ? (
          <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        ) : (
          <Camera aria-hidden="true" className="size-4" />
        )}
        {busy ? "Uploading..." : "Add photos"}
      </FileButton>
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-xs font-medium text-danger">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** each file in turn; the reasons of those that failed */
async function uploadAll(api: ItemsApi, itemId: number, files: File[]): Promise<string[]> {
  const failures: string[] = [];
  for (const file of files) {
    try {
      await api.uploadPhoto(itemId, file);
    } catch (err) {
      failures.push(errorMessage(err, `"${file.name}" was not uploaded.`));
    }
  }
  return failures;
}

function ItemForm({
  api,
  features,
  staff,
  item,
  onDone,
  withPhotos = false,
}: {
  api: ItemsApi;
  features: Feature[];
  staff: boolean;
  item?: PolicyItem;
  onDone: () => void;
  /** a new item may bring its handover photos along */
  withPhotos?: boolean;
}) {
  const id = useId();
  const [photos, setPhotos] = useState<File[]>([]);
  const form = useForm<PolicyItemForm, unknown, PolicyItemInput>({
    resolver: zodResolver(PolicyItemInputSchema),
    defaultValues: {
      room: item?.room ?? "",
      itemType: (item?.itemType as PolicyItemForm["itemType"]) ?? ("" as PolicyItemForm["itemType"]),
      brand: item?.brand ?? "",
      installedOn: item?.installedOn ?? "",
    },
  });
  const mutation = item ? api.edit : api.add;
  const fields = formFields(form, id);
  const chosenType = form.watch("itemType");
  const notCovered = chosenType ? !planCovers(features, chosenType) : false;
  // the dialog's FormFailure says the rest
  const { failed } = useSaveErrors({ form, fields: ["room", "itemType", "brand", "installedOn"] });

  const onSubmit = form.handleSubmit(async (checked) => {
    // sent as typed (an empty brand or date is "not known"); the server checks it again
    const values: PolicyItemForm = {
      ...checked,
      brand: checked.brand ?? "",
      installedOn: checked.installedOn ?? "",
    };
    try {
      const saved = item
        ? await api.edit.mutateAsync({ itemId: item.id, body: values })
        : await api.add.mutateAsync(values);
      const failures = photos.length > 0 ? await uploadAll(api, saved.id, photos) : [];
      if (photos.length > 0) await api.refresh();
      toast(
        failures.length === 0
          ? { title: item ? "Item updated" : "Item added" }
          : {
              title: "Item added, but some photos were not uploaded",
              description: `${failures.join(" ")} Use "Add photos" on the item to try again.`,
              variant: "destructive",
            },
      );
      onDone();
    } catch (error) {
      failed(error);
    }
  });

  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4"
      aria-label={item ? "Edit item" : "Add an item"}
    >
      <FormField {...fields.field("room")} label="Room">
        <Input
          {...fields.control("room")}
          list={`${id}-rooms`}
          placeholder="e.g. Kitchen"
          maxLength={80}
          autoComplete="off"
        />
        <datalist id={`${id}-rooms`}>
          {ROOMS.map((r) => (
            <option key={r} value={r} />
          ))}
        </datalist>
      </FormField>
      <FormField
        {...fields.field("itemType")}
        label="Item"
        hint={
          notCovered
            ? `${staff ? "This plan does" : "Your plan does"} not cover this kind of item. You can still record it.`
            : undefined
        }
      >
        <NativeSelect {...fields.control("itemType", { hint: notCovered })}>
          <option value="">Choose the item</option>
          {COVERED_ITEMS.map((c) => (
            <option key={c.key} value={c.key}>
              {c.label}
              {planCovers(features, c.key) ? "" : staff ? " (not in plan)" : " (not in your plan)"}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("brand")} label="Brand" optional>
          <Input {...fields.control("brand")} placeholder="e.g. Hettich" maxLength={80} />
        </FormField>
        <FormField {...fields.field("installedOn")} label="Installed on" optional>
          <Input type="date" {...fields.control("installedOn")} />
        </FormField>
      </div>
      {withPhotos ? (
        <FormField
          id={`${id}-photos`}
          label="Handover photos"
          optional
          hint={`JPEG, PNG or WebP, 10 MB each, up to ${POLICY_ITEM_PHOTOS_MAX}.`}
        >
          <input
            id={`${id}-photos`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            aria-describedby={`${id}-photos-hint`}
            className="block w-full text-sm file:mr-3 file:h-9 file:cursor-pointer file:rounded-md file:border file:bg-background file:px-3 file:font-semibold"
            onChange={(e) => setPhotos(Array.from(e.target.files ?? []).slice(0, POLICY_ITEM_PHOTOS_MAX))}
            data-testid="new-item-photos"
          />
        </FormField>
      ) : null}
      {mutation.isError ? (
        <FormFailure
          title={item ? "The item was not saved" : "The item was not added"}
          message={errorMessage(mutation.error, "Please try again.")}
        />
      ) : null}
      <FormDialogFooter
        pending={form.formState.isSubmitting}
        label={item ? "Save item" : "Add item"}
        pendingLabel="Saving..."
      />
    </Form>
  );
}

function RemoveItemForm({ api, item, onDone }: { api: ItemsApi; item: PolicyItem; onDone: () => void }) {
  return (
    <Form
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        api.remove.mutate(item.id, {
          onSuccess: () => {
            toast({ title: "Item removed" });
            onDone();
          },
        });
      }}
    >
      {api.remove.isError ? (
        <FormFailure
          title="The item was not removed"
          message={errorMessage(api.remove.error, "Please try again.")}
        />
      ) : null}
      <FormDialogFooter
        pending={api.remove.isPending}
        label="Remove item"
        pendingLabel="Removing..."
        destructive
      />
    </Form>
  );
}
