/**
 * The billing calls, with the API client and its zod schemas, load with the first billing request, not with
 * the code that makes it: the landing page's pricing section is prerendered and shown to every visitor, and
 * building the schemas there was ~0.6 s of Lighthouse's throttled phone's main thread (bench/README.md,
 * landing) for buttons most visits never press.
 */
export const loadBillingApi = async () => (await import('./billing-api')).billingApi;
