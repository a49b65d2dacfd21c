import { paths } from "@shared/paths.ts";
import { ButtonUntilScripts } from "@web/components/forms/button-until-scripts.tsx";
import { useFormOutcome } from "@web/components/forms/form.tsx";
import { Container } from "@web/components/layout/section.tsx";
import { Card } from "@web/components/ui/card.tsx";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs.tsx";
import { PageMeta } from "@web/lib/head.tsx";
import { useUser } from "@web/lib/use-user.ts";
import { BadgeCheck, Headset, ShieldCheck, Wrench } from "lucide-react";
import { useState } from "react";
import { Redirect, useSearch } from "wouter";
import { FORGOT_PASSWORD_INTRO, FORGOT_PASSWORD_TITLE, ForgotPasswordForm } from "./forgot-password.tsx";
import { LoginForm } from "./login-form.tsx";
import { nextFromSearch } from "./next-path.ts";
import { RegisterForm } from "./register-form.tsx";

type Tab = "login" | "register" | "forgot";

/** where a person lands after signing in, when nothing else was asked for */
const homeFor = (role: string) =>
  role === "admin"
    ? paths.admin
    : role === "technician"
      ? paths.adminTickets
      : role === "partner"
        ? paths.partner
        : paths.dashboard;
const tabFrom = (search: string): Tab => {
  const tab = new URLSearchParams(search).get("tab");
  return tab === "register" || tab === "forgot" ? tab : "login";
};

/** this page's address showing `tab`, keeping the rest of its query (?next=) */
const tabPath = (search: string, tab: Tab) => {
  const query = new URLSearchParams(search);
  if (tab === "login") query.delete("tab");
  else query.set("tab", tab);
  const rest = query.toString();
  return rest ? `${paths.auth}?${rest}` : paths.auth;
};

const PROMISES = [
  {
    icon: ShieldCheck,
    title: "Your policies in one place",
    text: "Policy numbers, cover dates and certificates, whenever you need them.",
  },
  {
    icon: Wrench,
    title: "Report an issue in minutes",
    text: "Raise a service request for a hinge, shutter or laminate on any active policy.",
  },
  {
    icon: Headset,
    title: "Talk to one support team",
    text: "Follow every step of your request and message our team directly.",
  },
] as const;

/**
 * /auth: Login and Register tabs. A signed-in visitor goes on to where they were
 * heading (a guarded page's ?next=), or home; this is also what happens right after a
 * successful login or registration, once the user is in the cache.
 */
export function AuthScreen() {
  const search = useSearch();
  const { user } = useUser();
  // the server's answer to a form posted here without scripts
  const outcome = useFormOutcome();
  // whether the visitor signed in here, rather than arriving already signed in (a sign-in
  // posted without scripts arrives signed in, with the outcome of its post)
  const [arrivedAsGuest] = useState(() => !user || outcome !== undefined);
  // a sign-up refused without scripts shows the Register tab again
  const [tab, setTab] = useState<Tab>(() => (outcome?.intent === "register" ? "register" : tabFrom(search)));
  // the header's "Sign Up" link (?tab=register) works while already on this page
  const [shownSearch, setShownSearch] = useState(search);
  if (search !== shownSearch) {
    setShownSearch(search);
    setTab(tabFrom(search));
  }

  if (user) {
    // Having just signed in, a customer goes to the dashboard and staff to the console,
    // unless ?next= names the page they were on their way to. A visitor who arrives
    // already signed in goes home (or to ?next=), as before.
    const next = nextFromSearch(search);
    const landing = next !== paths.home || !arrivedAsGuest ? next : homeFor(user.role);
    return <Redirect to={landing} replace />;
  }

  const returning = nextFromSearch(search) !== paths.home;
  return (
    <Container className="py-10 md:py-16">
      <PageMeta
        title={
          tab === "register" ? "Create your account" : tab === "forgot" ? FORGOT_PASSWORD_TITLE : "Login"
        }
        description="Log in or create an account to see your home interior warranty policies and raise support tickets."
        path={paths.auth}
        noindex
      />
      <div className="grid items-start gap-10 lg:grid-cols-[1fr_minmax(0,32rem)] lg:gap-16">
        <div className="order-2 lg:order-1 lg:pt-6">
          <p className="text-xs font-bold tracking-[0.18em] text-primary uppercase">Customer portal</p>
          <h1 className="mt-3 font-display text-3xl leading-tight font-bold text-balance md:text-4xl">
            Your home interiors, protected for up to 10 years
          </h1>
          <p className="mt-4 max-w-xl text-lg text-muted-foreground">
            Sign in to see your warranty policies, raise a service request and talk to our support team.
          </p>
          <ul className="mt-8 grid gap-5">
            {PROMISES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-4">
                <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-secondary text-primary">
                  <Icon aria-hidden="true" className="size-5" />
                </span>
                <div>
                  <p className="font-semibold">{title}</p>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
          <p className="mt-8 flex items-center gap-2 text-sm text-muted-foreground">
            <BadgeCheck aria-hidden="true" className="size-4 text-success" />
            Trusted by over 10,000 homeowners across India
          </p>
        </div>

        <Card className="order-1 p-5 sm:p-8 lg:order-2">
          {returning ? (
            <p
              className="mb-5 rounded-md bg-secondary px-3 py-2 text-sm text-secondary-foreground"
              role="note"
            >
              Please log in to continue to that page.
            </p>
          ) : null}
          {tab === "forgot" ? (
            <section aria-labelledby="forgot-title">
              <h2 id="forgot-title" className="font-display text-2xl font-bold">
                {FORGOT_PASSWORD_TITLE}
              </h2>
              <p className="mt-1 mb-6 text-sm text-muted-foreground">{FORGOT_PASSWORD_INTRO}</p>
              <ForgotPasswordForm />
              <p className="mt-5 text-center text-sm text-muted-foreground">
                Remembered it?{" "}
                <ButtonUntilScripts
                  href={tabPath(search, "login")}
                  onClick={() => setTab("login")}
                  className="cursor-pointer font-semibold text-primary underline-offset-4 hover:underline"
                >
                  Log in
                </ButtonUntilScripts>
              </p>
            </section>
          ) : (
            <Tabs value={tab} onValueChange={(v) => setTab(v as Tab)}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="login" href={tabPath(search, "login")}>
                  Login
                </TabsTrigger>
                <TabsTrigger value="register" href={tabPath(search, "register")}>
                  Register
                </TabsTrigger>
              </TabsList>
              <TabsContent value="login" className="mt-6">
                <h2 className="font-display text-2xl font-bold">Welcome back</h2>
                <p className="mt-1 mb-6 text-sm text-muted-foreground">
                  Log in to manage your warranty policies.
                </p>
                <LoginForm
                  onSwitchToRegister={{
                    href: tabPath(search, "register"),
                    onSwitch: () => setTab("register"),
                  }}
                />
              </TabsContent>
              <TabsContent value="register" className="mt-6">
                <h2 className="font-display text-2xl font-bold">Create your account</h2>
                <p className="mt-1 mb-6 text-sm text-muted-foreground">
                  Register once to track your policies and service requests.
                </p>
                <RegisterForm
                  onSwitchToLogin={{ href: tabPath(search, "login"), onSwitch: () => setTab("login") }}
                />
              </TabsContent>
            </Tabs>
          )}
        </Card>
      </div>
    </Container>
  );
}
