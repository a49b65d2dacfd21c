// Every e-mail the site sends: its data (`types.ts`), its words (one file per e-mail, gathered
// in `content.ts`) and its layout and plain-text part (`render.tsx`).
export { type RenderedEmail, renderEmail } from "./render.tsx";
export {
  MARKETING_TEMPLATES,
  POLICY_TEMPLATES,
  type RenewalFacts,
  type TemplateData,
  type TemplateName,
} from "./types.ts";
