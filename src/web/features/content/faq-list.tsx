import {
  Accordion,
  AccordionContent,
  AccordionItem,
  AccordionTrigger,
} from "@web/components/ui/accordion.tsx";
import { LoadingRegion, Skeleton } from "@web/components/ui/skeleton.tsx";
import { useFaqs } from "@web/lib/content.ts";

export interface QA {
  id: string | number;
  question: string;
  answer: string;
}

/** Single-open list: opening one closes the other, and an open item closes again on a click. */
export function FaqAccordion({ items }: { items: QA[] }) {
  return (
    <Accordion className="rounded-xl border bg-card px-5 md:px-7">
      {items.map((f) => (
        <AccordionItem key={f.id} value={String(f.id)}>
          <AccordionTrigger>{f.question}</AccordionTrigger>
          <AccordionContent>{f.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}

/** The FAQs stored on the server, with extra fixed ones appended where a page has them. */
export function ServerFaqs({ extra = [] }: { extra?: QA[] }) {
  const { data, isPending } = useFaqs();
  if (isPending) {
    return (
      <LoadingRegion label="Loading questions" className="grid gap-3 rounded-xl border bg-card p-5 md:p-7">
        {[0, 1, 2, 3, 4].map((i) => (
          <Skeleton key={i} className="h-7 w-full" />
        ))}
      </LoadingRegion>
    );
  }
  return <FaqAccordion items={[...(data ?? []), ...extra]} />;
}
