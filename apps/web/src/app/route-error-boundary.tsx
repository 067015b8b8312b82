import { Component, type ReactNode } from 'react';

type Props = {
  /** What shows instead of the children once one of them threw while rendering. */
  fallback: (error: unknown) => ReactNode;
  /** The address: moving to another page clears the error, as leaving a broken page should. */
  resetKey: string;
  children: ReactNode;
};

type State = { error: unknown; failed: boolean; resetKey: string };

/**
 * A page that throws while rendering shows an error page in its place (React needs a class for it).
 * The declarative router has no error elements of its own: these boundaries stand where they were.
 */
export class RouteErrorBoundary extends Component<Props, State> {
  override state: State = { error: undefined, failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: undefined, failed: false, resetKey: props.resetKey };
  }

  override render() {
    return this.state.failed ? this.props.fallback(this.state.error) : this.props.children;
  }
}
