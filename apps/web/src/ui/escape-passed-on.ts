/**
 * A shown toast is the top layer, so Radix gives it every Escape and the dialog under it never hears one.
 * The toast lets through an Escape pressed elsewhere (the focus in a dialog); the innermost dialog the
 * press reaches takes it, once.
 */
const passedOn = new WeakSet<Event>();

export function passOnEscape(event: Event): void {
  passedOn.add(event);
}

/** True the first time it is asked about an Escape a toast let through. */
export function takePassedOnEscape(event: Event): boolean {
  return passedOn.delete(event);
}
