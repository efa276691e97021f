import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

function ChartLoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    >
      {message}
    </Alert>
  );
}

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
      <ChartLoadError message={this.props.message} onRetry={this.retry} />
    ) : (
      this.props.children
    );
  }
}
