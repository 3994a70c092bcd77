import { Component, type ReactNode } from 'react';

/** Keeps a failing screen (or a chunk that failed to load) from blanking the whole desk. */
export class ErrorBoundary extends Component<{ children: ReactNode; resetKey?: unknown }, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override componentDidUpdate(prev: { resetKey?: unknown }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.setState({ error: null });
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="rounded-md border border-sell p-4">
        <p className="font-semibold">This screen failed to load.</p>
        <p className="text-sm text-muted">{this.state.error.message}</p>
        <button type="button" className="mt-2 underline" onClick={() => this.setState({ error: null })}>
          Try again
        </button>
      </div>
    );
  }
}
