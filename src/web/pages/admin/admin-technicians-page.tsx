import { formatShortDate } from "@shared/format.ts";
import { paths } from "@shared/paths.ts";
import { type Technician, TechnicianCreateSchema } from "@shared/schemas/visit.ts";
import { Form } from "@web/components/forms/form.tsx";
import { ACTIONS, ListTable, TableSkeleton } from "@web/components/lists/list-table.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { type OpenState, TitledDialog } from "@web/components/ui/dialog.tsx";
import { EmptyState } from "@web/components/ui/empty-state.tsx";
import { FormField, messagesByField } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { useCreateTechnician, useDeactivateTechnician, useTechnicians } from "@web/features/visits/api.ts";
import { ApiError, errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { UserPlus, Wrench } from "lucide-react";
import { type FormEvent, useState } from "react";
import { AdminPage } from "./admin-frame.tsx";

/** Field engineers' console accounts: staff add them, and switch them off when they leave. */
export default function AdminTechniciansPage() {
  const [adding, setAdding] = useState(false);
  return (
    <AdminPage
      title="Technicians"
      path={paths.adminTechnicians}
      description="Field engineers sign in to the console and see only the tickets assigned to them."
      actions={
        <Button onClick={() => setAdding(true)}>
          <UserPlus aria-hidden="true" /> Add technician
        </Button>
      }
    >
      <TechnicianList />
      <AddTechnician open={adding} onOpenChange={setAdding} />
    </AdminPage>
  );
}

function TechnicianList() {
  const [cursor, setCursor] = useState("");
  const q = useTechnicians({ limit: "50", cursor });
  const off = useDeactivateTechnician();
  if (q.isPending)
    return (
      <Card>
        <TableSkeleton />
      </Card>
    );
  if (q.isError)
    return (
      <Card role="alert" className="p-4 text-sm text-danger">
        {errorMessage(q.error, "The technicians could not be loaded.")}
      </Card>
    );
  if (q.data.items.length === 0)
    return (
      <Card>
        <EmptyState icon={<Wrench aria-hidden="true" />} title="No technicians yet">
          Add a technician to assign them tickets and visits.
        </EmptyState>
      </Card>
    );
  const deactivate = (t: Technician) => {
    if (!window.confirm(`Switch off ${t.firstName} ${t.lastName}'s account? They are signed out at once.`))
      return;
    off.mutate(t.id, {
      onSuccess: () => toast({ title: "Account switched off" }),
      onError: (err) => toast({ title: errorMessage(err, "Please try again."), variant: "destructive" }),
    });
  };
  return (
    <Card className="overflow-x-auto">
      <ListTable
        items={q.data.items}
        columns={[
          {
            head: "Name",
            cell: (t) => (
              <>
                <p className="font-semibold">
                  {t.firstName} {t.lastName}
                </p>
                <p className="text-xs text-muted-foreground">{t.username}</p>
              </>
            ),
          },
          {
            head: "Contact",
            className: "text-sm",
            cell: (t) => (
              <>
                <p className="break-all">{t.email}</p>
                {t.phone ? <p className="text-muted-foreground">{t.phone}</p> : null}
              </>
            ),
          },
          { head: "Open tickets", align: "right", className: "tabular-nums", cell: (t) => t.openTickets },
          {
            head: "Since",
            className: "text-sm whitespace-nowrap",
            cell: (t) => formatShortDate(t.createdAt),
          },
          {
            ...ACTIONS,
            align: "right",
            cell: (t) =>
              t.active ? (
                <Button size="sm" variant="outline" onClick={() => deactivate(t)} disabled={off.isPending}>
                  Switch off
                </Button>
              ) : (
                <Badge variant="outline">Switched off</Badge>
              ),
          },
        ]}
      />
      <div className="flex items-center justify-between gap-2 border-t px-4 py-2 text-sm text-muted-foreground">
        <span>{q.data.total} in all</span>
        <span className="flex gap-2">
          {cursor ? (
            <Button size="sm" variant="ghost" onClick={() => setCursor("")}>
              First page
            </Button>
          ) : null}
          {q.data.nextCursor ? (
            <Button size="sm" variant="ghost" onClick={() => setCursor(q.data.nextCursor ?? "")}>
              Next page
            </Button>
          ) : null}
        </span>
      </div>
    </Card>
  );
}

const EMPTY = { firstName: "", lastName: "", username: "", email: "", phone: "", password: "" };

function AddTechnician({ open, onOpenChange }: OpenState) {
  const [form, setForm] = useState(EMPTY);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateTechnician();
  const field = (name: keyof typeof EMPTY, label: string, type = "text") => (
    <FormField id={`tech-${name}`} label={label} error={errors[name]} optional={name === "phone"}>
      <Input
        id={`tech-${name}`}
        type={type}
        autoComplete={name === "password" ? "new-password" : "off"}
        value={form[name]}
        onChange={(e) => setForm({ ...form, [name]: e.target.value })}
      />
    </FormField>
  );
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const parsed = TechnicianCreateSchema.safeParse(form);
    if (!parsed.success) {
      setErrors(messagesByField(parsed.error));
      return;
    }
    create.mutate(parsed.data, {
      onSuccess: (t) => {
        toast({ title: `${t.firstName} ${t.lastName} can sign in now` });
        setForm(EMPTY);
        setErrors({});
        onOpenChange(false);
      },
      onError: (err) =>
        setErrors(
          err instanceof ApiError && Object.keys(err.fieldErrors).length
            ? err.fieldErrors
            : { form: errorMessage(err, "The account could not be made.") },
        ),
    });
  };
  return (
    <TitledDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Add a technician"
      description="They sign in with this username and password, and see only the tickets you assign them."
    >
      <Form onSubmit={submit} className="grid gap-3" noValidate>
        <div className="grid gap-3 sm:grid-cols-2">
          {field("firstName", "First name")}
          {field("lastName", "Last name")}
        </div>
        {field("username", "Username")}
        {field("email", "E-mail", "email")}
        {field("phone", "Phone", "tel")}
        {field("password", "Password (at least 12 characters)", "password")}
        {errors.form ? (
          <p role="alert" className="text-sm text-danger">
            {errors.form}
          </p>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          <BusyLabel busy={create.isPending} icon={<UserPlus aria-hidden="true" />}>
            Add technician
          </BusyLabel>
        </Button>
      </Form>
    </TitledDialog>
  );
}
