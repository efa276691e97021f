import { Component, type ReactNode } from 'react';
import { ErrorWithRetry } from '../page/error-with-retry.tsx';

interface ChartBoundaryProps {
  /** What the place of the chart says when its chunk did not load. */
  message: string;
  /** Loads the chart again (a new lazy graphic, see lazy-graphic.ts); the boundary then draws its children again. */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * A chart whose chunk did not load says so with a retry, in its own place: the rest of the page (and the chart's text
 * alternative) stays. Used by every page with charts (the dashboard, the billing report).
 */
export class ChartBoundary extends Component<ChartBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onRetry();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? (
      <ErrorWithRetry onRetry={this.retry}>{this.props.message}</ErrorWithRetry>
    ) : (
      this.props.children
    );
  }
}
