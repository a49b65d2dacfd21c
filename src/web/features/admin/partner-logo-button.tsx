import { LOGO_TYPES } from "@shared/schemas/partner.ts";
import { Button } from "@web/components/ui/button.tsx";
import { toast } from "@web/lib/toast.ts";
import { ImageUp, Loader2 } from "lucide-react";
import { useRef } from "react";
import { logoProblem } from "./partner-form-parts.tsx";
import { useUploadLogo } from "./partners-api.ts";

/** "Upload logo" / "Replace logo" on a partner's page: picks a picture and saves it at once */
export function LogoUploadButton({ partnerId, hasLogo }: { partnerId: number; hasLogo: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadLogo();
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={LOGO_TYPES.join(",")}
        className="sr-only"
        aria-label={hasLogo ? "Replace logo" : "Upload logo"}
        data-testid="logo-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          const problem = logoProblem(file);
          if (problem) {
            toast({ title: "Could not save the logo", description: problem, variant: "destructive" });
            return;
          }
          upload.mutate({ partnerId, file });
        }}
      />
      <Button variant="outline" size="sm" disabled={upload.isPending} onClick={() => input.current?.click()}>
        {upload.isPending ? (
          <Loader2 aria-hidden="true" className="animate-spin" />
        ) : (
          <ImageUp aria-hidden="true" />
        )}
        {hasLogo ? "Replace logo" : "Upload logo"}
      </Button>
    </>
  );
}
