import { Component, type ErrorInfo, type ReactNode } from "react";
import { PageError } from "./page-error";

type Props = {
  children: ReactNode;
  /** The boundary clears its error when this changes (the location). */
  resetKey: string;
};

type State = { error: unknown; resetKey: string };

/** Catches what a page throws while rendering or loading (e.g. a chunk gone after a deploy). */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error("Page failed to render", error, info.componentStack);
  }

  override render() {
    return this.state.error ? <PageError /> : this.props.children;
  }
}
