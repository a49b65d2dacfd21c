import { apiQuery } from "@web/lib/api.ts";

/** whether online purchase is on, and the GST rate prices are shown with */
export const paymentOptionsQuery = () => apiQuery("GET /api/payment-options");
export const orderQuery = (id: number) => apiQuery("GET /api/orders/:id", { params: { id } });
