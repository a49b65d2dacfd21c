import { zodResolver } from "@hookform/resolvers/zod";
import { type PartnerInvite, PartnerInviteSchema } from "@shared/schemas/partner.ts";
import { Form } from "@web/components/forms/form.tsx";
import { FormDialog, FormDialogFooter } from "@web/components/forms/form-dialog.tsx";
import { PartnerInviteFields } from "@web/components/forms/partner-invite-fields.tsx";
import { useSaveErrors } from "@web/lib/save-errors.ts";
import { UserPlus } from "lucide-react";
import { useId } from "react";
import { useForm } from "react-hook-form";
import { RootError } from "./partner-form-parts.tsx";
import { useInvitePartnerMember } from "./partners-api.ts";

/** Staff invite a person to a partner as an owner (manages its users) or a member */
export function InviteMemberDialog({ partnerId, partnerName }: { partnerId: number; partnerName: string }) {
  return (
    <FormDialog
      icon={UserPlus}
      trigger="Invite"
      triggerProps={{ size: "sm" }}
      title={`Invite a user of ${partnerName}`}
      description="They get an e-mail with a link to choose a password. An owner can invite and remove the partner's other users."
      form={(close) => <InviteForm partnerId={partnerId} onInvited={close} />}
    />
  );
}

function InviteForm({ partnerId, onInvited }: { partnerId: number; onInvited: () => void }) {
  const id = useId();
  const invite = useInvitePartnerMember(partnerId);
  const form = useForm<PartnerInvite, unknown, PartnerInvite>({
    resolver: zodResolver(PartnerInviteSchema),
    defaultValues: { email: "", firstName: "", lastName: "", role: "owner" },
  });
  const { failed } = useSaveErrors({ form, root: "Please try again." });
  const { errors } = form.formState;
  return (
    <Form
      noValidate
      className="grid gap-4"
      onSubmit={form.handleSubmit((values) =>
        invite.mutate(values, { onSuccess: onInvited, onError: failed }),
      )}
    >
      <PartnerInviteFields form={form} idPrefix={id} />
      <RootError message={errors.root?.message} />
      <FormDialogFooter
        pending={invite.isPending}
        label="Send invitation"
        pendingLabel="Sending..."
        icon={<UserPlus aria-hidden="true" />}
      />
    </Form>
  );
}
