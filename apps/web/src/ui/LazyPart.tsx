import { Component, Suspense, type ReactNode } from 'react';

interface BoundaryState {
  hasFailed: boolean;
}

/** Shows nothing in place of a part whose code could not be loaded, instead of unmounting the app. */
class LoadFailureBoundary extends Component<{ children: ReactNode }, BoundaryState> {
  override state: BoundaryState = { hasFailed: false };

  static getDerivedStateFromError(): BoundaryState {
    return { hasFailed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A part of the page could not be loaded:', error);
  }

  override render() {
    return this.state.hasFailed ? null : this.props.children;
  }
}

/**
 * A lazily loaded part that is not the page itself (the toaster, a dialog): nothing while its code loads,
 * and nothing if it cannot be loaded (offline, or an old tab after a new deploy), the page staying usable.
 */
export function LazyPart({ children }: { children: ReactNode }) {
  return (
    <LoadFailureBoundary>
      <Suspense fallback={null}>{children}</Suspense>
    </LoadFailureBoundary>
  );
}
