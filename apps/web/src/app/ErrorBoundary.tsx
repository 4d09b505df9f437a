import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from '../components/ErrorFallback';
import { reportError } from '../lib/error-reporting';

interface Props {
  children: ReactNode;
}

interface State {
  error: unknown;
  hasError: boolean;
}

/** Catches render errors of a page; Try Again renders the page afresh. Remount it (key) to reset on navigation. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, hasError: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    reportError({ error, componentStack: info.componentStack });
  }

  private readonly reset = () => this.setState({ error: null, hasError: false });

  override render() {
    if (this.state.hasError) return <ErrorFallback error={this.state.error} onRetry={this.reset} />;
    return this.props.children;
  }
}
