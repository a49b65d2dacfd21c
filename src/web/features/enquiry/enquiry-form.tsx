import { zodResolver } from "@hookform/resolvers/zod";
import { ENQUIRY_ANCHOR } from "@shared/paths.ts";
import {
  ENQUIRY_INTEREST_LABELS,
  ENQUIRY_INTERESTS,
  type Enquiry,
  type EnquiryFormValues,
  type EnquiryInterest,
  EnquirySchema,
  interestPlanName,
} from "@shared/schemas/enquiry.ts";
import { useMutation } from "@tanstack/react-query";
import { ButtonUntilScripts } from "@web/components/forms/button-until-scripts.tsx";
import { Form, useFormStart } from "@web/components/forms/form.tsx";
import { FormFailure } from "@web/components/forms/form-failure.tsx";
import { PrivacyNotice } from "@web/components/forms/privacy-notice.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, NativeSelect, PhoneInput, Textarea } from "@web/components/ui/input.tsx";
import { apiCall, errorMessage } from "@web/lib/api.ts";
import { cn } from "@web/lib/cn.ts";
import { clearEnquiryHandoff, readEnquiryHandoff } from "@web/lib/enquiry-handoff.ts";
import { toast } from "@web/lib/toast.ts";
import { CircleCheck, CircleCheckBig, Send } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useLocation } from "wouter";

const EMPTY: EnquiryFormValues = {
  name: "",
  email: "",
  phone: "",
  interest: "" as EnquiryInterest,
  message: "",
};

/** an interest from an address or a hand-off, if it is one of the form's options */
export function enquiryInterest(value: string | null | undefined): EnquiryInterest | undefined {
  return ENQUIRY_INTERESTS.find((i) => i === value);
}

/**
 * The shared enquiry form: empty → 'Sending...' → 'Thank You!' with 'Send Another
 * Message'. It reaches 'Thank You!' only once the server has stored the enquiry; on a
 * failure everything typed stays put and the error toast explains.
 */
export function EnquiryForm({
  title = "Send Us a Message",
  description,
  defaultInterest,
  acceptHandoff = false,
  className,
}: {
  title?: string;
  description?: string;
  defaultInterest?: EnquiryInterest;
  /** fill in what the chat assistant collected (the contact page's form) */
  acceptHandoff?: boolean;
  className?: string;
}) {
  const id = useId();
  // the server's answer to this form posted without scripts: sent, or refused with what was typed
  const start = useFormStart("enquiry", { ...EMPTY, interest: defaultInterest ?? EMPTY.interest });
  const sentByServer = start.outcome?.done !== undefined;
  const [sent, setSent] = useState(sentByServer);
  const [here] = useLocation();
  const form = useForm<EnquiryFormValues, unknown, Enquiry>({
    resolver: zodResolver(EnquirySchema),
    defaultValues: start.defaultValues,
    errors: start.errors,
  });
  // after hydration, so the server's page and the browser's first render agree
  useEffect(() => {
    if (!acceptHandoff) return;
    const handoff = readEnquiryHandoff();
    if (!handoff) return;
    const { interest, ...rest } = handoff;
    form.reset({
      ...form.getValues(),
      ...rest,
      interest: enquiryInterest(interest) ?? form.getValues("interest"),
    });
  }, [acceptHandoff, form]);
  const send = useMutation({
    mutationFn: (body: Enquiry) => apiCall("POST /api/inquiries", { body }),
    onSuccess: () => {
      toast({ title: "Message sent successfully!", description: "We'll get back to you shortly." });
      if (acceptHandoff) clearEnquiryHandoff();
      form.reset({ ...EMPTY, interest: defaultInterest ?? EMPTY.interest });
      setSent(true);
    },
    onError: (error) => {
      toast({
        title: "Error sending message",
        description: errorMessage(error, "Please try again later"),
        variant: "destructive",
      });
    },
  });

  const failure = send.isError
    ? errorMessage(send.error, "Please try again later")
    : send.isIdle
      ? start.outcome?.failure
      : undefined;
  const headingId = `${id}-title`;
  const fields = formFields(form, id);
  // a plan chosen on its card: said above the form while it is still the one chosen
  const chosenPlan = interestPlanName(defaultInterest);
  const planStillChosen = chosenPlan !== null && form.watch("interest") === defaultInterest;

  // a link to '#enquiry' (a plan's 'Select Plan') lands at the form. A full page load scrolls
  // there by itself; after a move within the site nothing does, so the form is brought into
  // view here, and takes the focus so that the keyboard and screen readers start at it too
  // (the section, not a field: a field would open a phone's keyboard over the form).
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    if (window.location.hash !== `#${ENQUIRY_ANCHOR}`) return;
    section.current?.scrollIntoView({ block: "start", behavior: "instant" });
    section.current?.focus({ preventScroll: true });
  }, []);

  return (
    <section
      ref={section}
      id={ENQUIRY_ANCHOR}
      tabIndex={-1}
      aria-labelledby={headingId}
      className={cn("scroll-mt-24 rounded-2xl border bg-card p-6 shadow-sm outline-none md:p-8", className)}
    >
      {sent ? (
        <div className="flex flex-col items-center py-8 text-center" role="status">
          <div className="flex size-16 items-center justify-center rounded-full bg-secondary text-success">
            <CircleCheckBig aria-hidden="true" className="size-8" />
          </div>
          {/* sent without scripts: no toast can say it, so the page does */}
          {sentByServer ? (
            <p className="mt-5 text-sm font-semibold text-success">Message sent successfully!</p>
          ) : null}
          <h2 id={headingId} className="mt-5 font-display text-2xl font-bold">
            Thank You!
          </h2>
          <p className="mt-3 max-w-sm text-muted-foreground">
            Your message has been sent successfully. We'll get back to you shortly.
          </p>
          <Button className="mt-6" variant="outline" asChild>
            {/* without scripts, a link to this page's empty form */}
            <ButtonUntilScripts href={here} onClick={() => setSent(false)}>
              Send Another Message
            </ButtonUntilScripts>
          </Button>
        </div>
      ) : (
        <>
          {planStillChosen ? (
            <p
              className="mb-4 flex items-center gap-2 rounded-lg bg-secondary px-3 py-2 text-sm font-semibold text-secondary-foreground"
              data-testid="chosen-plan"
            >
              <CircleCheck aria-hidden="true" className="size-4 shrink-0 text-primary" />
              {chosenPlan} plan selected
            </p>
          ) : null}
          <h2 id={headingId} className="font-display text-2xl font-bold">
            {title}
          </h2>
          {description ? <p className="mt-2 text-sm text-muted-foreground">{description}</p> : null}
          <Form
            intent="enquiry"
            returnTo={ENQUIRY_ANCHOR}
            className="mt-6 grid gap-5"
            noValidate
            onSubmit={form.handleSubmit((values) => send.mutate(values))}
          >
            <div className="grid gap-5 sm:grid-cols-2">
              <FormField {...fields.field("name")} label="Full Name">
                <Input {...fields.control("name")} autoComplete="name" placeholder="Your name" />
              </FormField>
              <FormField {...fields.field("phone")} label="Phone Number">
                <PhoneInput {...fields.control("phone")} placeholder="+91 98765 43210" />
              </FormField>
            </div>
            <FormField {...fields.field("email")} label="Email Address">
              <Input
                {...fields.control("email")}
                type="email"
                autoComplete="email"
                placeholder="you@example.com"
              />
            </FormField>
            <FormField {...fields.field("interest")} label="I'm Interested In">
              <NativeSelect {...fields.control("interest")}>
                <option value="" disabled>
                  Select an option
                </option>
                {ENQUIRY_INTERESTS.map((value) => (
                  <option key={value} value={value}>
                    {ENQUIRY_INTEREST_LABELS[value]}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField {...fields.field("message")} label="Message">
              <Textarea
                {...fields.control("message")}
                rows={4}
                placeholder="Tell us about your home or business and what you need covered"
              />
            </FormField>
            <PrivacyNotice purpose="to answer your message" />
            {failure ? <FormFailure title="Error sending message" message={failure} /> : null}
            <Button
              type="submit"
              size="lg"
              disabled={send.isPending}
              className="w-full sm:w-auto sm:justify-self-start"
            >
              <BusyLabel busy={send.isPending} icon={<Send aria-hidden="true" />} busyText="Sending...">
                Send Message
              </BusyLabel>
            </Button>
          </Form>
        </>
      )}
    </section>
  );
}
