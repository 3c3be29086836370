/** The number at the end of a discount's id: Shopify's discount ids share it across node kinds. Pure. */
export const discountNumber = (gid: string) => /\/(\d{1,20})$/.exec(gid)?.[1] ?? null;
