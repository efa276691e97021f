import { Component, type ReactNode } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';

function ChartLoadError({ onRetry }: { onRetry: () => void }) {
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
      {t('home.charts.loadError')}
    </Alert>
  );
}

interface ChartBoundaryProps {
  /** Loads the chart again (a new lazy graphic); the boundary then draws its children again. */
  onRetry: () => void;
  children: ReactNode;
}

/**
 * A chart whose chunk did not load says so with a retry, in its own place: the rest of the dashboard (and the
 * chart's labelled values) stays.
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
    return this.state.failed ? <ChartLoadError onRetry={this.retry} /> : this.props.children;
  }
}
