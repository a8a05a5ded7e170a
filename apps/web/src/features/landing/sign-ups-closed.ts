/**
 * The server marks index.html's `<html data-sign-ups="closed">` while only people an admin invites may join
 * (apps/server/src/plugins/spa.ts): the landing page's "Sign Up" and "Get Started" are then hidden by CSS
 * from the prerendered first paint, with no later shift. Login stays; an invited person follows their link.
 */
export const HIDDEN_WHILE_SIGN_UPS_CLOSED = '[html[data-sign-ups=closed]_&]:hidden';
