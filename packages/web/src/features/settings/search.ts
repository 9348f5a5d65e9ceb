import { PRODUCTS, type Product } from "@reachcx/core/tenant/telephony";

/**
 * /config?product=CXOne&step=form: the product chosen in the Product select and whether Next was pressed,
 * so reload, back and a shared link show the same form. A value that does not fit is dropped.
 */
export interface TelephonySearch {
  product?: Product;
  step?: "form";
}

export const telephonySearch = (raw: Record<string, unknown>): TelephonySearch => {
  const product = PRODUCTS.find((p) => p === raw.product);
  return product ? { product, ...(raw.step === "form" ? { step: "form" as const } : {}) } : {};
};
