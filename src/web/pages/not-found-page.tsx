import { paths } from "@shared/paths.ts";
import { NotFoundState } from "@web/components/layout/not-found.tsx";
import { Button } from "@web/components/ui/button.tsx";
import { Link, useLocation } from "wouter";

export default function NotFoundPage() {
  const [location] = useLocation();
  return (
    <NotFoundState
      title="404 Page Not Found"
      message="Did you forget to add the page to the router?"
      path={location}
    >
      <Button asChild size="lg" variant="outline">
        <Link href={paths.contact}>Contact Support</Link>
      </Button>
    </NotFoundState>
  );
}
