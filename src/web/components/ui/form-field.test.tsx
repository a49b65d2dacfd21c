import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { useForm } from "react-hook-form";
import { afterEach, describe, expect, it } from "vitest";
import { FormField, formFields } from "./form-field.tsx";

/**
 * formFields wires a react-hook-form form's fields to FormField and its control: the same
 * ids, messages and aria attributes a form used to spell out by hand, in a simulated browser.
 */
afterEach(cleanup);

type Values = { email: string; items: { room: string }[] };

function Sample({ renders }: { renders: { count: number } }) {
  const form = useForm<Values>({ defaultValues: { email: "", items: [{ room: "" }] } });
  renders.count++;
  const fields = formFields(form, "f");
  const required = { required: "Required" };
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <FormField {...fields.field("email")} label="Email" hint="We write here">
        <input {...fields.control("email", { hint: true, register: required })} />
      </FormField>
      <FormField {...fields.field("items.0.room", { id: "f-item-0-room" })} label="Room">
        <input {...fields.control("items.0.room", { id: "f-item-0-room", register: required })} />
      </FormField>
      <button type="submit">Save</button>
    </form>
  );
}

describe("formFields", () => {
  it("labels, describes and registers each control, nested paths included", async () => {
    render(<Sample renders={{ count: 0 }} />);
    const email = screen.getByLabelText("Email");
    expect(email.id).toBe("f-email");
    expect(email.getAttribute("name")).toBe("email");
    expect(email.getAttribute("aria-describedby")).toBe("f-email-hint");
    expect(email.hasAttribute("aria-invalid")).toBe(false);

    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save" })));
    expect(email.getAttribute("aria-invalid")).toBe("true");
    expect(email.getAttribute("aria-describedby")).toBe("f-email-hint f-email-error");
    expect(document.getElementById("f-email-error")?.textContent).toBe("Required");
    const room = screen.getByLabelText("Room");
    expect(room.getAttribute("name")).toBe("items.0.room");
    expect(room.getAttribute("aria-describedby")).toBe("f-item-0-room-error");
    expect(document.getElementById("f-item-0-room-error")?.textContent).toBe("Required");
  });

  it("re-renders the form for its errors only, not for each keystroke or blur", async () => {
    const renders = { count: 0 };
    render(<Sample renders={renders} />);
    const before = renders.count;
    const email = screen.getByLabelText("Email");
    await act(async () => {
      fireEvent.input(email, { target: { value: "a@b.in" } });
      fireEvent.blur(email);
    });
    expect(renders.count).toBe(before);
  });
});
