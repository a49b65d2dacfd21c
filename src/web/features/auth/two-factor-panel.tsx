import { formatDate } from "@shared/format.ts";
import type { TwoFactorSetup } from "@shared/schemas/two-factor.ts";
import { useQueryClient } from "@tanstack/react-query";
import { Form } from "@web/components/forms/form.tsx";
import { Badge } from "@web/components/ui/badge.tsx";
import { BusyLabel } from "@web/components/ui/busy-label.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { FormField, fieldA11y } from "@web/components/ui/form-field.tsx";
import { Input } from "@web/components/ui/input.tsx";
import { LoadError } from "@web/components/ui/load-error.tsx";
import { errorMessage } from "@web/lib/api.ts";
import { toast } from "@web/lib/toast.ts";
import { Copy, KeyRound, Loader2, ShieldCheck, ShieldOff, Smartphone } from "lucide-react";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import {
  twoFactorStatusQuery,
  useConfirmSetup,
  useDisableTwoFactor,
  useNewRecoveryCodes,
  useStartSetup,
  useTwoFactorStatus,
} from "./two-factor-api.ts";

/** "JBSWY3DPEHPK3PXP" as "JBSW Y3DP EHPK 3PXP": easier to type into a phone by hand */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

/**
 * Two-factor sign-in for the signed-in person: set it up (QR code or the key as text, then
 * a code from the app), see the ten recovery codes once, replace them, or turn it off with
 * the password and a code. Used in the customer's dashboard dialog, the console's Security
 * page, and the page staff see when the console requires it.
 */
export function TwoFactorPanel() {
  const status = useTwoFactorStatus();
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [action, setAction] = useState<"codes" | "disable" | null>(null);

  // the status is read again only once the codes are put away: the console's gate (and this
  // panel) must not move on while the codes are on screen
  const finish = () => {
    setCodes(null);
    setSetup(null);
    setAction(null);
    void queryClient.invalidateQueries({ queryKey: twoFactorStatusQuery().queryKey });
  };

  if (codes) return <RecoveryCodeList codes={codes} onDone={finish} />;
  if (setup) return <EnrolStep setup={setup} onEnabled={setCodes} onCancel={() => setSetup(null)} />;
  if (status.isPending)
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" /> Loading two-factor sign-in…
      </p>
    );
  if (status.isError) return <LoadError what="your two-factor sign-in" onRetry={() => status.refetch()} />;

  const s = status.data;
  if (!s.enabled) return <StartSetup onStarted={setSetup} />;
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        <Badge tone="done">
          <ShieldCheck aria-hidden="true" className="size-3.5" /> On
        </Badge>
        <p className="text-sm text-muted-foreground">
          {s.enabledAt ? `Since ${formatDate(s.enabledAt)}. ` : ""}
          {s.recoveryCodesLeft} of 10 recovery codes left.
        </p>
      </div>
      <p className="text-sm">Signing in asks for a code from your authenticator app after your password.</p>
      {action === "codes" ? (
        <CodeForm
          label="Code to confirm"
          submit="Make new recovery codes"
          pendingLabel="Making codes..."
          onCancel={() => setAction(null)}
          useAction={useNewRecoveryCodes}
          onDone={(answer) => setCodes(answer.recoveryCodes)}
        />
      ) : action === "disable" ? (
        <DisableForm onCancel={() => setAction(null)} onDone={finish} />
      ) : (
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={() => setAction("codes")}>
            <KeyRound aria-hidden="true" /> New recovery codes
          </Button>
          {s.requiredForYou ? (
            <p className="text-sm text-muted-foreground">Required for staff: it cannot be turned off.</p>
          ) : (
            <Button type="button" variant="outline" onClick={() => setAction("disable")}>
              <ShieldOff aria-hidden="true" /> Turn off
            </Button>
          )}
        </div>
      )}
    </div>
  );
}

function StartSetup({ onStarted }: { onStarted: (s: TwoFactorSetup) => void }) {
  const start = useStartSetup();
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        Keep your account safe even if someone learns your password. After your password, signing in will ask
        for a 6-digit code from an authenticator app on your phone (Google Authenticator, Microsoft
        Authenticator, or any app that supports TOTP).
      </p>
      <Button
        type="button"
        className="justify-self-start"
        disabled={start.isPending}
        onClick={() =>
          start.mutate(undefined, {
            onSuccess: onStarted,
            onError: (error) =>
              toast({
                title: "Could not start the setup",
                description: errorMessage(error, "Please try again."),
                variant: "destructive",
              }),
          })
        }
      >
        <BusyLabel busy={start.isPending} icon={<ShieldCheck aria-hidden="true" />}>
          Set up two-factor sign-in
        </BusyLabel>
      </Button>
    </div>
  );
}

function EnrolStep({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetup;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  return (
    <div className="grid gap-5 sm:grid-cols-[auto_1fr] sm:items-start">
      <img
        src={setup.qrCode}
        alt="QR code to scan with your authenticator app"
        width={176}
        height={176}
        className="size-44 justify-self-center rounded-lg border bg-white p-1"
      />
      <div className="grid min-w-0 gap-4">
        <ol className="grid list-decimal gap-1 pl-5 text-sm">
          <li>
            Scan the QR code with your authenticator app.
            {/* a phone cannot scan its own screen: the same address opens the app on it */}
            <Button asChild variant="outline" size="sm" className="mt-2 flex w-fit">
              <a href={setup.otpauthUrl}>
                <Smartphone aria-hidden="true" /> Open in authenticator app
              </a>
            </Button>
          </li>
          <li>
            Can't scan it? Add an account by hand with this key:{" "}
            <code
              data-testid="two-factor-secret"
              className="block rounded bg-secondary px-2 py-1 font-mono text-sm break-all select-all"
            >
              {grouped(setup.secret)}
            </code>
          </li>
          <li>Enter the 6-digit code the app shows.</li>
        </ol>
        <CodeForm
          label="Code from the app"
          submit="Turn on"
          pendingLabel="Checking..."
          onCancel={onCancel}
          useAction={useConfirmSetup}
          onDone={(answer) => onEnabled(answer.recoveryCodes)}
        />
      </div>
    </div>
  );
}

/**
 * The current password, one code and the buttons: every change to two-factor sign-in asks
 * for both, so that someone at an unlocked screen cannot take it over. A wrong one shows the
 * server's words under its field.
 */
function CodeForm<T>({
  label,
  submit,
  pendingLabel,
  onCancel,
  useAction,
  onDone,
  wide = false,
}: {
  label: string;
  submit: string;
  pendingLabel: string;
  onCancel: () => void;
  useAction: () => {
    mutate: (
      body: { password: string; code: string },
      options: { onSuccess: (answer: T) => void; onError: (e: unknown) => void },
    ) => void;
    isPending: boolean;
  };
  onDone: (answer: T) => void;
  /** a recovery code fits too, not only 6 digits */
  wide?: boolean;
}) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [errors, setErrors] = useState<{ password?: string; code?: string }>({});
  const act = useAction();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const missing = {
      password: password ? undefined : "Please enter your current password",
      code: code.trim() ? undefined : "Please enter the code",
    };
    if (missing.password || missing.code) return setErrors(missing);
    act.mutate(
      { password, code },
      {
        onSuccess: onDone,
        onError: (err) => {
          const text = errorMessage(err, "That code is not correct");
          const fields = (err as { fieldErrors?: Record<string, string> }).fieldErrors ?? {};
          setErrors({ password: fields.password, code: fields.code ?? (fields.password ? undefined : text) });
          setCode("");
        },
      },
    );
  };
  return (
    <Form noValidate onSubmit={onSubmit} className="grid gap-3" aria-label={submit}>
      <FormField id={`${id}-password`} label="Current Password" error={errors.password}>
        <Input
          {...fieldA11y(`${id}-password`, { error: errors.password })}
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          className="max-w-72"
        />
      </FormField>
      <FormField id={`${id}-code`} label={label} error={errors.code}>
        <Input
          {...fieldA11y(`${id}-code`, { error: errors.code })}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          autoComplete="one-time-code"
          {...(wide
            ? { className: "max-w-56 font-mono" }
            : {
                inputMode: "numeric",
                placeholder: "123456",
                className: "max-w-48 font-mono text-lg tracking-widest",
              })}
        />
      </FormField>
      <CancelOrSubmit onCancel={onCancel} busy={act.isPending} busyText={pendingLabel}>
        {submit}
      </CancelOrSubmit>
    </Form>
  );
}

function DisableForm({ onCancel, onDone }: { onCancel: () => void; onDone: () => void }) {
  return (
    <CodeForm
      label="Code from the app, or a recovery code"
      submit="Turn off two-factor sign-in"
      pendingLabel="Turning off..."
      onCancel={onCancel}
      useAction={useDisableTwoFactor}
      wide
      onDone={() => {
        toast({
          title: "Two-factor sign-in is off",
          description: "Signing in asks for your password only.",
        });
        onDone();
      }}
    />
  );
}

/** The recovery codes, shown this once: the server keeps only their hashes. */
function RecoveryCodeList({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = codes.join("\n");
  return (
    <div className="grid gap-4">
      <p className="text-sm">
        <span className="font-semibold">Two-factor sign-in is on.</span> Save these recovery codes somewhere
        safe (a password manager, or printed). Each one signs you in once if you lose your phone. They will
        not be shown again.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-secondary/40 p-4 font-mono text-sm"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <Actions>
        <Button
          type="button"
          variant="outline"
          onClick={() =>
            navigator.clipboard?.writeText(text).then(
              () => toast({ title: "Recovery codes copied" }),
              () =>
                toast({
                  title: "Could not copy: please select the codes and copy them",
                  variant: "destructive",
                }),
            )
          }
        >
          <Copy aria-hidden="true" /> Copy codes
        </Button>
        <Button type="button" onClick={onDone}>
          I have saved these codes
        </Button>
      </Actions>
    </div>
  );
}

const Actions = ({ children }: { children: ReactNode }) => (
  <div className="flex flex-wrap gap-3">{children}</div>
);

/** a step's two buttons: Cancel, and its submit, which says so while the request runs */
function CancelOrSubmit({
  onCancel,
  busy,
  busyText,
  children,
}: {
  onCancel: () => void;
  busy: boolean;
  busyText: string;
  children: ReactNode;
}) {
  return (
    <Actions>
      <Button type="button" variant="outline" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" disabled={busy}>
        <BusyLabel busy={busy} icon={null} busyText={busyText}>
          {children}
        </BusyLabel>
      </Button>
    </Actions>
  );
}
