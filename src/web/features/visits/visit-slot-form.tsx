// Staff propose or move a visit: a day at a time of the visiting technician's free slots.

import { todayInIndia } from "@shared/dates.ts";
import {
  type FreeSlotDay,
  formatSlotDay,
  formatSlotTimes,
  VISIT_LENGTHS,
  VISIT_SUNDAY_MESSAGE,
  visitHolidayMessage,
} from "@shared/schemas/visit.ts";
import { Form } from "@web/components/forms/form.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect } from "@web/components/ui/input.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { toast } from "@web/lib/toast.ts";
import { CalendarClock, ChevronLeft, ChevronRight, Loader2 } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { useFreeSlots, useProposeVisit } from "./api.ts";
import type { Visitor } from "./visit-cards.tsx";

/** the India day after `date` (or before it, with -1), as YYYY-MM-DD */
const dayAfter = (date: string, days = 1) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/**
 * Staff pick a time from the visiting technician's free slots, a day at a time: visiting
 * hours less their other visits, Sundays and holidays closed, past times gone. Nothing is
 * typed, so a slot the form offers is one the server keeps (unless another desk took it a
 * moment ago, which the server says, naming the visit, and the list is read again).
 */
export function SlotForm({
  ticketId,
  visitId,
  visitor,
  label,
  open = false,
}: {
  ticketId: number;
  visitId?: number;
  visitor: Visitor | null;
  label: string;
  open?: boolean;
}) {
  const [shown, setShown] = useState(open);
  const [date, setDate] = useState(() => dayAfter(todayInIndia()));
  const [minutes, setMinutes] = useState<number>(120);
  const [start, setStart] = useState<string>();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const propose = useProposeVisit(ticketId, visitId);
  const validDay = /^\d{4}-\d{2}-\d{2}$/.test(date);
  const free = useFreeSlots(
    visitor?.id ?? 0,
    { from: date, minutes, visitId },
    shown && !!visitor && validDay,
  );
  const id = useId();
  if (!visitor)
    return (
      <p className="text-sm text-muted-foreground" data-testid="visit-needs-assignee">
        Assign the ticket to the technician who will visit: their free slots show here.
      </p>
    );
  if (!shown)
    return (
      <Button variant="outline" size="sm" className="justify-self-start" onClick={() => setShown(true)}>
        <CalendarClock aria-hidden="true" /> {label}
      </Button>
    );
  const day = free.data?.[0];
  const slot = day?.slots.find((x) => x.start === start);
  const pickDay = (next: string) => {
    setDate(next);
    setStart(undefined);
    setErrors({});
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!slot) {
      setErrors({ slot: "Please choose one of the free slots" });
      return;
    }
    // awaited rather than through mutate's callbacks: the first visit's form makes way for the
    // visit's card as soon as the ticket is read again, and the toast must still show
    propose.mutateAsync({ date, start: slot.start, end: slot.end }).then(
      () => {
        setErrors({});
        setStart(undefined);
        if (visitId) setShown(false);
        toast({
          title: "Visit proposed",
          description: "The customer has been e-mailed the time to confirm.",
        });
      },
      (err: unknown) => {
        setErrors({ form: errorMessage(err, "The visit could not be proposed.") });
        setStart(undefined);
        free.refetch();
      },
    );
  };
  return (
    <Form onSubmit={submit} className="grid gap-3" aria-label={label} noValidate>
      <p className="text-sm font-semibold">{label}</p>
      <div className="grid grid-cols-1 items-end gap-3 sm:grid-cols-[auto_10rem] sm:justify-start">
        <FormField id={`${id}-date`} label="Day" error={errors.date}>
          <div className="flex items-center gap-1">
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label="Previous day"
              onClick={() => pickDay(dayAfter(date, -1))}
              disabled={!validDay || date <= todayInIndia()}
            >
              <ChevronLeft aria-hidden="true" />
            </Button>
            <Input
              id={`${id}-date`}
              type="date"
              className="w-40"
              min={todayInIndia()}
              value={date}
              onChange={(e) => pickDay(e.target.value)}
            />
            <Button
              type="button"
              variant="outline"
              size="icon"
              aria-label="Next day"
              onClick={() => pickDay(dayAfter(date))}
              disabled={!validDay}
            >
              <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </FormField>
        <FormField id={`${id}-length`} label="Length">
          <NativeSelect
            id={`${id}-length`}
            value={minutes}
            onChange={(e) => {
              setMinutes(Number(e.target.value));
              setStart(undefined);
            }}
          >
            {VISIT_LENGTHS.map((m) => (
              <option key={m} value={m}>
                {m / 60} {m === 60 ? "hour" : "hours"}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <fieldset className="grid gap-2" aria-describedby={`${id}-slots-note`}>
        <legend className="text-sm font-medium">
          {validDay ? `${visitor.name}'s free slots on ${formatSlotDay(date)} (IST)` : "Choose a day"}
        </legend>
        <FreeSlotChoices
          name={`${id}-slot`}
          date={date}
          loading={free.isFetching && !free.data}
          failed={free.isError}
          day={day}
          chosen={start}
          onChoose={(x) => {
            setStart(x);
            setErrors({});
          }}
        />
        <p id={`${id}-slots-note`} className="text-xs text-muted-foreground">
          Mon–Fri 9:00–18:00, Sat 9:00–16:00; never on Sundays or holidays.
        </p>
      </fieldset>
      {errors.slot || errors.form || errors.start ? (
        <p role="alert" className="text-sm text-danger">
          {errors.slot ?? errors.form ?? errors.start}
        </p>
      ) : null}
      <Button type="submit" size="sm" className="justify-self-start" disabled={propose.isPending}>
        {propose.isPending ? <Loader2 className="animate-spin" aria-hidden="true" /> : null} Send to the
        customer
      </Button>
    </Form>
  );
}

/** the day's free slots as a radio group of times, or why there are none */
function FreeSlotChoices({
  name,
  date,
  loading,
  failed,
  day,
  chosen,
  onChoose,
}: {
  name: string;
  date: string;
  loading: boolean;
  failed: boolean;
  day: FreeSlotDay | undefined;
  chosen: string | undefined;
  onChoose: (start: string) => void;
}) {
  const note = (text: string) => (
    <p
      className="rounded-lg border border-dashed p-3 text-sm text-muted-foreground"
      data-testid="free-slots-note"
    >
      {text}
    </p>
  );
  if (failed) return note("The free slots could not be read. Please try again.");
  if (loading || !day) return note("Reading the free slots…");
  if (day.closed)
    return note(day.closed === "Sunday" ? VISIT_SUNDAY_MESSAGE : visitHolidayMessage(day.closed));
  if (day.slots.length === 0) return note("No free slot left this day. Please try the next day.");
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-4" data-testid="free-slots">
      {day.slots.map((x) => (
        <label
          key={x.start}
          className={cn(
            "flex min-h-11 cursor-pointer items-center justify-center whitespace-nowrap rounded-lg border px-1 py-2 text-center text-xs tabular-nums sm:text-sm transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
            chosen === x.start
              ? "border-primary bg-primary text-primary-foreground"
              : "bg-card hover:border-primary/60",
          )}
        >
          <input
            type="radio"
            name={name}
            value={x.start}
            checked={chosen === x.start}
            onChange={() => onChoose(x.start)}
            className="sr-only"
          />
          {formatSlotTimes({ date, ...x })}
        </label>
      ))}
    </div>
  );
}
