import { Component, type ReactNode } from 'react';

/** The last line: if rendering fails outside any route, say so instead of a blank page. */
export class ErrorBoundary extends Component<{ message: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override render(): ReactNode {
    if (this.state.failed) {
      return (
        <div role="alert" style={{ padding: 24 }}>
          {this.props.message} <button onClick={() => window.location.reload()}>⟳</button>
        </div>
      );
    }
    return this.props.children;
  }
}
