import { zodResolver } from "@hookform/resolvers/zod";
import { type Grievance, GrievanceSchema } from "@shared/schemas/privacy.ts";
import { useMutation } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, formFields } from "@web/components/ui/form-field.tsx";
import { Input, Textarea } from "@web/components/ui/input.tsx";
import { apiCall } from "@web/lib/api.ts";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { CircleCheckBig, Send } from "lucide-react";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";

const FIELDS = ["name", "email", "message"] as const;

/** A privacy grievance for the Grievance Officer: from a visitor or a customer, answered within 30 days. */
export function GrievanceForm() {
  const id = useId();
  const [receipt, setReceipt] = useState<string | null>(null);
  const form = useForm<Grievance>({
    resolver: zodResolver(GrievanceSchema),
    defaultValues: { name: "", email: "", message: "" },
  });
  const send = useMutation({
    mutationFn: (body: Grievance) => apiCall("POST /api/privacy/grievances", { body }),
  });
  const fields = formFields(form, id);
  const { failed } = useSaveErrors({
    form,
    fields: FIELDS,
    toast: { title: "Could not send your grievance", fallback: "Please try again, or write to us." },
  });

  const onSubmit = form.handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (answer) => {
        setReceipt(answer.message);
        form.reset();
      },
      onError: failed,
    }),
  );

  if (receipt) {
    return (
      <div role="status" className="grid justify-items-start gap-3 rounded-lg border bg-card p-5">
        <p className="flex items-center gap-2 font-semibold text-foreground">
          <CircleCheckBig aria-hidden="true" className="size-5 text-primary" /> Grievance received
        </p>
        <p className="text-sm text-muted-foreground">{receipt}</p>
        <Button variant="outline" onClick={() => setReceipt(null)}>
          Send another
        </Button>
      </div>
    );
  }

  return (
    <Form
      noValidate
      onSubmit={onSubmit}
      className="grid gap-4 rounded-lg border bg-card p-5"
      aria-label="Privacy grievance"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...fields.field("name")} label="Your name">
          <Input {...fields.control("name")} autoComplete="name" />
        </FormField>
        <FormField {...fields.field("email")} label="Email">
          <Input {...fields.control("email")} type="email" autoComplete="email" />
        </FormField>
      </div>
      <FormField {...fields.field("message")} label="What is your grievance?">
        <Textarea {...fields.control("message")} rows={4} />
      </FormField>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        <BusyLabel busy={send.isPending} icon={<Send aria-hidden="true" />} busyText="Sending...">
          Send to the Grievance Officer
        </BusyLabel>
      </Button>
    </Form>
  );
}
