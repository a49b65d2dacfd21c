import { zodResolver } from "@hookform/resolvers/zod";
import { formatDate } from "@shared/format.ts";
import { type PartnerInvite, PartnerInviteSchema, type PartnerMember } from "@shared/schemas/partner.ts";
import { useQuery } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { PartnerInviteFields } from "@web/components/forms/partner-invite-fields.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { Skeleton } from "@web/components/ui/skeleton.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { toast } from "@web/lib/toast.ts";
import { UserMinus, UserPlus } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { partnerMembersQuery, useInviteMember, useRemoveMember } from "./api.ts";

const ROLE_LABELS = { owner: "Owner", member: "Member" } as const;

/**
 * An owner's list of their organisation's users: invite one by e-mail (a new address gets
 * a link to choose a password), or remove one, who is signed out at once. Removed users stay
 * listed, as the homes they registered still name them.
 */
export function MembersPanel({ selfUserId }: { selfUserId: number }) {
  const members = useQuery(partnerMembersQuery());
  return (
    <Card className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b p-4">
        <p className="text-sm text-muted-foreground">
          Owners manage users; members register homes. Everyone sees the dashboard.
        </p>
        <FormDialog
          icon={UserPlus}
          trigger="Invite a user"
          triggerProps={{ variant: "default" }}
          title="Invite a user"
          description="They get an e-mail with a link to choose their password."
          form={(close) => <InviteForm onDone={close} />}
        />
      </div>
      {members.isPending ? (
        <div className="grid gap-2 p-4">
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      ) : members.isError ? (
        <LoadError what="your organisation's users" onRetry={() => void members.refetch()} />
      ) : (
        <ul className="divide-y" aria-label="Users">
          {members.data.map((m) => (
            <MemberRow key={m.id} member={m} self={m.userId === selfUserId} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function MemberRow({ member: m, self }: { member: PartnerMember; self: boolean }) {
  return (
    <li
      className="flex flex-wrap items-center justify-between gap-3 px-4 py-3"
      data-testid={`member-${m.id}`}
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {m.name}
          <Badge variant="outline">{ROLE_LABELS[m.role]}</Badge>
          {self ? <Badge>You</Badge> : null}
          {m.removedAt ? (
            <Badge className="bg-zinc-100 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-100">
              Removed {formatDate(m.removedAt)}
            </Badge>
          ) : null}
        </p>
        <p className="text-sm break-all text-muted-foreground">{m.email}</p>
      </div>
      {m.removedAt || self ? null : (
        <FormDialog
          icon={UserMinus}
          trigger="Remove"
          triggerProps={{ variant: "outline", size: "sm", "aria-label": `Remove ${m.name}` }}
          title={`Remove ${m.name}?`}
          description="They are signed out at once and can no longer register homes or see the dashboard. The homes they registered stay."
          form={(close) => <RemoveForm member={m} onDone={close} />}
        />
      )}
    </li>
  );
}

function RemoveForm({ member, onDone }: { member: PartnerMember; onDone: () => void }) {
  const remove = useRemoveMember();
  const { failed } = useSaveErrors({
    toast: { title: "Could not remove the user", fallback: "Please try again." },
  });
  return (
    <Form
      onSubmit={(e) => {
        e.preventDefault();
        remove.mutate(member.id, {
          onSuccess: () => {
            toast({ title: "User removed", description: `${member.name} no longer has access.` });
            onDone();
          },
          onError: failed,
        });
      }}
    >
      <FormDialogFooter pending={remove.isPending} label="Remove user" pendingLabel="Removing…" destructive />
    </Form>
  );
}

function InviteForm({ onDone }: { onDone: () => void }) {
  const id = useId();
  const invite = useInviteMember();
  const form = useForm<PartnerInvite, unknown, PartnerInvite>({
    resolver: zodResolver(PartnerInviteSchema),
    defaultValues: { email: "", firstName: "", lastName: "", role: "member" },
  });
  const { failed } = useSaveErrors({
    form,
    fields: ["email", "firstName", "lastName", "role"],
    toast: { title: "Could not invite", fallback: "Please try again." },
  });
  return (
    <Form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        invite.mutate(values, {
          onSuccess: (m) => {
            toast({ title: "Invitation sent", description: `${m.name} has been e-mailed at ${m.email}.` });
            onDone();
          },
          onError: failed,
        }),
      )}
    >
      <PartnerInviteFields form={form} idPrefix={id} />
      <FormDialogFooter pending={invite.isPending} label="Send invitation" pendingLabel="Sending…" />
    </Form>
  );
}
