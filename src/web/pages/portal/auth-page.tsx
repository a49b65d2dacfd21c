import { AuthScreen } from "@web/features/auth/auth-screen.tsx";

export default function AuthPage() {
  return <AuthScreen />;
}
