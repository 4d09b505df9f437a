/**
 * A request's parameters as Stripe's form encoding nests them (billing[address][line1]=..., spending_limits[0]...):
 * fake-stripe.ts parses them and openapi-check.ts checks them against Stripe's description, each without the other.
 */
export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };
