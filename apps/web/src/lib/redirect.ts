/** Leaves the app for another site (Stripe's checkout or portal); its own module so tests can replace it. */
export function redirectTo(url: string): void {
  window.location.assign(url);
}
