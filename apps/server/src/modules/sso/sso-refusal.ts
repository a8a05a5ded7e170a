import type { SsoRefusalCode } from '@clipsync/shared';

/** A sign-in through the provider that ends on the refusal page with `code`; `reason` is for the log only. */
export class SsoRefusal extends Error {
  constructor(
    readonly code: SsoRefusalCode,
    readonly reason: string,
  ) {
    super(reason);
    this.name = 'SsoRefusal';
  }
}
