import { Result } from '@arco-design/web-react';
import { Component, type ReactNode } from 'react';

interface Props {
  title: string;
  children: ReactNode;
}

/** A failing page must not take the shell (menu, other tabs) down with it. */
export class PageErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  override render() {
    if (this.state.error) {
      return <Result status="error" title={this.props.title} subTitle={this.state.error.message} />;
    }
    return this.props.children;
  }
}
