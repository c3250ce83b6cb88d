// Ids of the routes whose loader data is named outside the route table: the prerendered welcome is
// hydrated with its guard's answer (first-screens.ts), without importing the routes.
export const ONBOARDING_ROUTE_ID = 'onboarding';
export const LEGACY_ONBOARDING_ROUTE_ID = 'onboarding-legacy';
